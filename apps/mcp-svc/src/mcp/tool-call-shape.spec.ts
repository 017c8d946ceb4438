import { describe, expect, it } from '@jest/globals';
import { invalidToolCall } from './tool-call-shape.js';

const call = (params: unknown, id: unknown = 7) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });

describe('the shape of a tools/call', () => {
  it('answers -32602 with the id when the arguments are no object, the name no string or the params missing', () => {
    for (const args of ['a text', [1, 2], 42, null]) {
      expect(invalidToolCall(call({ name: 'get_parcel', arguments: args }))).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32602, message: 'Invalid params: the arguments of get_parcel must be an object of named arguments.' },
      });
    }
    expect(invalidToolCall(call({ name: 3 }, 'x'))).toMatchObject({ id: 'x', error: { code: -32602 } });
    expect(invalidToolCall(call('params', { nested: 1 }))).toMatchObject({ id: null, error: { code: -32602 } });
  });

  it('lets well-formed calls and every other message through to the SDK', () => {
    expect(invalidToolCall(call({ name: 'get_parcel', arguments: { parcel_id: 'x' } }))).toBeUndefined();
    expect(invalidToolCall(call({ name: 'list_layers' }))).toBeUndefined();
    expect(invalidToolCall({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBeUndefined();
    expect(invalidToolCall([call({ name: 'x', arguments: 'y' })])).toBeUndefined();
    expect(invalidToolCall('text')).toBeUndefined();
  });
});
