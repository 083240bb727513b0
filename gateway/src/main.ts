import { createService } from '@bazar/service-kit';
import { wireGateway } from './app';
import { GatewayConfig } from './config';

// Bodies are streamed through to the services, never parsed here.
void createService({ name: 'gateway', config: GatewayConfig, database: false, jsonLimit: false, wire: wireGateway }).run();
