import { Module, type DynamicModule } from '@nestjs/common';
import { GATEWAY_ENV, type GatewayEnv } from './gateway.env.js';

/** Makes the validated environment injectable everywhere in the gateway. */
@Module({})
export class GatewayConfigModule {
  static register(env: GatewayEnv): DynamicModule {
    return { module: GatewayConfigModule, global: true, providers: [{ provide: GATEWAY_ENV, useValue: env }], exports: [GATEWAY_ENV] };
  }
}
