import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { NatsRpcClient } from '@lp/messaging';
import { RateLimitStore } from '../rate-limit/rate-limit.store.js';
import { NATS_RPC_CLIENT } from './rpc.tokens.js';
import { ServiceCaller } from './service-caller.js';

/** The gateway's one NATS connection: service calls, key revocations and rate-limit state. */
@Module({})
export class RpcModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_RPC_CLIENT) private readonly rpc: NatsRpcClient) {}

  /** `streamReplicas`: NATS_STREAM_REPLICAS, copies of the rate-limit bucket. */
  static register(natsUrl: string, streamReplicas: number): DynamicModule {
    return {
      module: RpcModule,
      global: true,
      providers: [
        { provide: NATS_RPC_CLIENT, useFactory: () => NatsRpcClient.connect(natsUrl, 'gateway') },
        { provide: RateLimitStore, useFactory: (rpc: NatsRpcClient) => RateLimitStore.open(rpc.nats, streamReplicas), inject: [NATS_RPC_CLIENT] },
        ServiceCaller,
      ],
      exports: [NATS_RPC_CLIENT, RateLimitStore, ServiceCaller],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.rpc.close();
  }
}
