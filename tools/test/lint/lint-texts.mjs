// Lints source texts as if they were files at the given paths, with the workspace's own
// eslint.config.mjs, and prints each file's messages as JSON. The boundary test plants violations
// this way, so no planted file is ever written into the tree.
// usage: node lint-texts.mjs '[{"filePath": "apps/x/src/y.ts", "code": "..."}]'
import { ESLint } from 'eslint';

// Planted files are not on disk, so no tsconfig holds them: the rules that need types (the async
// rules) are left out here; the walls this is for need none.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { project: null } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
    },
  },
});
const files = JSON.parse(process.argv[2]);
const results = [];
for (const { filePath, code } of files) {
  const [result] = await eslint.lintText(code, { filePath });
  results.push({ filePath, messages: result.messages.map(({ ruleId, message }) => ({ ruleId, message })) });
}
process.stdout.write(JSON.stringify(results));
