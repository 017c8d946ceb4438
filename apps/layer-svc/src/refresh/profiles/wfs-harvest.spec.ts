import { describe, expect, it } from '@jest/globals';
import { countDefault, numberAttribute } from './wfs-harvest.js';

describe('reading what a WFS 2.0 says about its paging and counts', () => {
  it('takes the page size from the CountDefault constraint, and none when the server states none', () => {
    const capabilities = `<ows:OperationsMetadata>
      <ows:Constraint name="ImplementsResultPaging"><ows:NoValues/><ows:DefaultValue>TRUE</ows:DefaultValue></ows:Constraint>
      <ows:Constraint name="CountDefault"><ows:NoValues/><ows:DefaultValue>1000</ows:DefaultValue></ows:Constraint>
    </ows:OperationsMetadata>`;
    expect(countDefault(capabilities)).toBe(1000);
    expect(countDefault(capabilities.replace(/<ows:Constraint name="CountDefault">.*<\/ows:Constraint>/, ''))).toBeNull();
  });

  it('reads numberMatched and numberReturned of the collection, and "unknown" as not counted', () => {
    const page = '<?xml version="1.0"?>\n<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" timeStamp="x" numberMatched="unknown" numberReturned="2"><wfs:member/></wfs:FeatureCollection>';
    expect(numberAttribute(page, 'numberReturned')).toBe(2);
    expect(numberAttribute(page, 'numberMatched')).toBeNull();
    expect(numberAttribute(page.replace('"unknown"', '"35000000"'), 'numberMatched')).toBe(35_000_000);
  });
});
