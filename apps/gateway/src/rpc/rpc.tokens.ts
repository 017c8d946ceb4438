export const NATS_RPC_CLIENT = Symbol('NATS_RPC_CLIENT');
