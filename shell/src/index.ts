import { preloadFirstView } from './preload';

// The remote page this address shows and its data are asked for as soon as the remotes' manifests
// say which page it is, beside the shell's chunks rather than after them.
void preloadFirstView(new URL(location.href));

// The async boundary lets federation agree on shared libraries before any of them is imported.
import('./bootstrap');
