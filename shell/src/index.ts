// The async boundary lets federation agree on shared libraries before any of them is imported.
import('./bootstrap');
