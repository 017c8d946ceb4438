import { describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { describeParameters, QueryErrorLogger } from './query-error-logger.js';

describe('QueryErrorLogger', () => {
  it('logs a failed statement as one warning with its code, the SQL on one line and every parameter cut short', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const bodies = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ parcel_id: `p${i}`, body: { slope_pct: i } })));
    const error = Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
    new QueryErrorLogger().logQueryError(error, 'INSERT INTO parcel.facts (parcel_id)\n   SELECT x.parcel_id FROM jsonb_to_recordset($2::jsonb)', ['3064011', bodies]);
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]![0]);
    expect(line).toMatch(/^query failed \(40001\): could not serialize access due to concurrent update; statement: INSERT INTO parcel\.facts \(parcel_id\) SELECT x\.parcel_id FROM jsonb_to_recordset\(\$2::jsonb\); parameters: \$1=3064011, \$2=\[\{"parcel_id":"p0"/);
    expect(line).toContain(`… (${bodies.length} characters)`);
    expect(line.length).toBeLessThan(400);
    warn.mockRestore();
  });

  it('says when a statement had no parameters, and prints numbers, nulls and arrays as JSON', () => {
    expect(describeParameters(undefined)).toBe('none');
    expect(describeParameters([])).toBe('none');
    expect(describeParameters([1.5, null, ['a', 'b'], 'x'])).toBe('$1=1.5, $2=null, $3=["a","b"], $4=x');
  });
});
