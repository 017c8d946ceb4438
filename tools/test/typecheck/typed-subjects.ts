// Compiled (never run) by typed-subjects.spec.ts: each @ts-expect-error marks a mismatch between a
// subject and its caller or handler that must not compile. Should one compile, tsc reports the
// directive as unused and the test fails.
import { LayerSubjects, ParcelSubjects, type GetParcelDetailRequest, type LayerListView, type ParcelFeatureView } from '@lp/contracts';
import { Answers, type NatsRpcClient } from '@lp/messaging';

declare const client: NatsRpcClient;
declare const feature: ParcelFeatureView;
const options = { requestId: 'typecheck', timeoutMs: 1000 };

export async function callers(): Promise<unknown[]> {
  const right: ParcelFeatureView = await client.call(ParcelSubjects.get, { parcel_id: '146519_8.0101.1' }, options);
  // @ts-expect-error the reply of parcel.get is a parcel feature, not the layer list
  const wrongReply: LayerListView = await client.call(ParcelSubjects.get, { parcel_id: '146519_8.0101.1' }, options);
  // @ts-expect-error parcel.get takes a parcel id, not a layer id
  const wrongRequest = await client.call(ParcelSubjects.get, { layer_id: 'parcels' }, options);
  return [right, wrongReply, wrongRequest];
}

export class Handlers {
  @Answers(ParcelSubjects.get)
  async right(_request: GetParcelDetailRequest, _context: unknown): Promise<ParcelFeatureView> {
    return feature;
  }

  // @ts-expect-error a handler of parcel.get must answer with a parcel feature
  @Answers(ParcelSubjects.get)
  async wrongReply(_request: GetParcelDetailRequest): Promise<LayerListView> {
    return { layers: [] } as unknown as LayerListView;
  }

  // @ts-expect-error the handler of the layer list is not given a parcel request
  @Answers(LayerSubjects.list)
  async wrongRequest(_request: GetParcelDetailRequest): Promise<LayerListView> {
    return { layers: [] } as unknown as LayerListView;
  }
}
