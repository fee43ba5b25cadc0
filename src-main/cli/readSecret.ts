/**
 * Reading what a user types for `tenderwb login`: a line from the terminal (the password without echo), or
 * everything on standard input when it is not a terminal (a script pipes the password in). The prompt goes to
 * stderr, so stdout stays the command's result only (one JSON line with --json).
 *
 * The terminal part uses npm's own `read` package (mute-stream underneath) rather than a hand-written raw-mode
 * loop: it restores the terminal on Ctrl-C and handles backspace and pasted text.
 */
import { read } from 'read';

export type SecretInput = {
  stdin: NodeJS.ReadStream;
  stderr: NodeJS.WriteStream;
};

const defaultInput = (): SecretInput => ({ stdin: process.stdin, stderr: process.stderr });

export const isTerminal = (input: SecretInput = defaultInput()): boolean => input.stdin.isTTY === true;

/** One line typed on the terminal; `silent` hides it (and prints nothing in its place). */
export async function promptLine(prompt: string, silent: boolean, input: SecretInput = defaultInput()): Promise<string> {
  return String(await read({ prompt, silent, replace: '', input: input.stdin, output: input.stderr, terminal: true }));
}

/**
 * All of standard input with one trailing line break dropped (what `echo pw |` adds). Inner and other
 * whitespace is kept: it may be part of a password.
 */
export async function readAllStdin(input: SecretInput = defaultInput()): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of input.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}
