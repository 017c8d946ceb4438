import { describe, expect, it } from '@jest/globals';
import { documentedStatus, hasPlaceholder, isAssignment, isCurl, shellCommands } from './doc-examples.js';

const page = [
  'Text with `curl` inline is not an example.',
  '',
  '```sh',
  'KEY=$(cat .stack/dev/demo-api-key)          # printed by npm start as well',
  'curl -H "Authorization: Bearer $KEY" -H \'content-type: application/json\' \\',
  '     -d \'{"a":1,',
  '          "b":"# not a comment"}\' http://127.0.0.1:8080/v1/x   # answers 404 when unknown',
  'curl -o shared.pdf "<url from the answer>"',
  'npm run keys -- revoke <prefix-or-key>',
  '```',
  '',
  '```json',
  '{ "curl": "no" }',
  '```',
].join('\n');

describe('documentation examples', () => {
  const commands = shellCommands('docs/x.md', page);

  it('reads each command of a sh block with its continuation and quoted newlines, without its comment', () => {
    expect(commands.map((command) => [command.line, command.text.replace(/\s+/g, ' ')])).toEqual([
      [4, 'KEY=$(cat .stack/dev/demo-api-key)'],
      [5, 'curl -H "Authorization: Bearer $KEY" -H \'content-type: application/json\' -d \'{"a":1, "b":"# not a comment"}\' http://127.0.0.1:8080/v1/x'],
      [8, 'curl -o shared.pdf "<url from the answer>"'],
      [9, 'npm run keys -- revoke <prefix-or-key>'],
    ]);
  });

  it('tells assignments, curl calls, placeholders and documented statuses apart', () => {
    expect(commands.map(isAssignment)).toEqual([true, false, false, false]);
    expect(commands.map(isCurl)).toEqual([false, true, true, false]);
    expect(commands.map(hasPlaceholder)).toEqual([false, false, true, true]);
    expect(commands.map(documentedStatus)).toEqual([undefined, 404, undefined, undefined]);
  });
});
