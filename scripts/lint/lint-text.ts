/**
 * The lint rules' own tests lint small source texts at virtual paths with the project's eslint.config.js: only the
 * texts are linted, so they stay fast.
 */
import { ESLint } from 'eslint';
import { projectRoot } from '../config/check';

const eslint = new ESLint({ cwd: projectRoot });

/** The messages that the named rules report on `code` as if it stood at `filePath`. */
export async function ruleMessages(
  filePath: string,
  code: string,
  rules: readonly string[],
): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result.messages
    .filter((message) => rules.includes(message.ruleId ?? ''))
    .map((message) => message.message);
}
