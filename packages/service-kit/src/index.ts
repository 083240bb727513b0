// The kit's root: what every service needs (createService, its config and logging). The parts a
// service takes as it needs them have entries of their own (package.json `exports`): `/http`,
// `/mongo`, `/kafka`, `/redis`, `/metrics`, `/trace`. Nothing here loads mongoose, ioredis or the Kafka client.
export * from './config';
export * from './logger';
export * from './service';
