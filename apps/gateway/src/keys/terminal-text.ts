/** Characters a terminal acts on or that change what is shown: controls, format (bidi, zero-width), separators. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * Text from the public (an access request) as the keys CLI prints it: one line, every character
 * that could drive the operator's terminal or disguise the text shown as a visible \u{…} escape.
 * The form refuses such characters; rows stored before it did are printed safely too.
 */
export function terminalSafe(text: string): string {
  return text.replace(/\r\n|\n|\t/g, ' ').replace(UNSAFE, (char) => `\\u{${char.codePointAt(0)!.toString(16).toUpperCase()}}`);
}
