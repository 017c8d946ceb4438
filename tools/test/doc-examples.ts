import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One shell command of a documentation file's `sh` block, as a reader would paste it. */
export interface DocCommand {
  /** The documentation file, relative to the repository root. */
  file: string;
  /** 1-based line of the file where the command starts. */
  line: number;
  /** The command with its continuation lines, without its trailing comment. */
  text: string;
  /** The trailing comment, if any (it may name the status the example answers). */
  comment: string;
}

/** The README and every top-level page of docs/ (benchmark records under docs/benchmarks are history, not instructions). */
export function documentationFiles(repoRoot: string): string[] {
  const folder = join(repoRoot, 'docs');
  if (!existsSync(folder)) return ['README.md'];
  const docs = readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** Every command of every ```sh / ```bash block of a markdown text. */
export function shellCommands(file: string, markdown: string): DocCommand[] {
  const commands: DocCommand[] = [];
  const lines = markdown.split('\n');
  let block: { start: number; body: string[] } | undefined;
  lines.forEach((line, index) => {
    if (block === undefined) {
      if (/^```(sh|bash|shell)\s*$/.test(line)) block = { start: index + 2, body: [] };
      return;
    }
    if (/^```\s*$/.test(line)) {
      commands.push(...splitCommands(file, block.start, block.body.join('\n')));
      block = undefined;
      return;
    }
    block.body.push(line);
  });
  return commands;
}

/**
 * Splits a block into commands the way a shell reads them: a newline ends a command unless it is
 * quoted or escaped, and `#` at the start of a word begins a comment. Blocks with here-documents
 * hold no curl examples, so here-documents are not understood.
 */
function splitCommands(file: string, firstLine: number, body: string): DocCommand[] {
  const commands: DocCommand[] = [];
  let text = '';
  let comment = '';
  let quote: '"' | "'" | undefined;
  let inComment = false;
  let line = firstLine;
  let startLine = firstLine;
  const finish = (): void => {
    if (text.trim() !== '') commands.push({ file, line: startLine, text: text.trim(), comment: comment.trim() });
    text = '';
    comment = '';
  };
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === '\n') line++;
    if (inComment) {
      if (char === '\n') {
        inComment = false;
        finish();
      } else comment += char;
      continue;
    }
    if (quote === undefined && char === '\\' && body[i + 1] === '\n') {
      text += ' ';
      i++;
      line++;
      continue;
    }
    if (quote === undefined && char === '#' && (text === '' || /\s$/.test(text))) {
      inComment = true;
      continue;
    }
    if (quote === undefined && char === '\n') {
      finish();
      continue;
    }
    if (text.trim() === '' && !/\s/.test(char)) startLine = line;
    if (char === '"' || char === "'") {
      if (quote === undefined) quote = char;
      else if (quote === char && (char === "'" || body[i - 1] !== '\\')) quote = undefined;
    }
    text += char;
  }
  finish();
  return commands;
}

/** Shell variables a page sets for its examples (`KEY=...`, `ID=...`). */
export const isAssignment = (command: DocCommand): boolean => /^[A-Z_][A-Z0-9_]*=\S/.test(command.text);

export const isCurl = (command: DocCommand): boolean => /^curl\s/.test(command.text);

/** A value the reader fills in (`<url from the answer>`, `<prefix-or-key>`): such a command cannot run as written. */
export const hasPlaceholder = (command: DocCommand): boolean => /"<[^>]+>"|\s<[a-z][a-z-]*>(\s|$)/.test(command.text);

/** The status a page says an example answers (`# answers 404 ...`), or undefined for any 2xx. */
export function documentedStatus(command: DocCommand): number | undefined {
  const match = /\banswers (\d{3})\b/.exec(command.comment);
  return match ? Number(match[1]) : undefined;
}

export function readDocCommands(repoRoot: string): DocCommand[] {
  return documentationFiles(repoRoot).flatMap((file) => shellCommands(file, readFileSync(join(repoRoot, file), 'utf8')));
}
