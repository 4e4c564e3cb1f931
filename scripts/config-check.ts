/**
 * `npm run config:check`: validates config/app.json and themes/*.json; exits non-zero with a readable report.
 * An optional argument checks another project root (tests use it on a broken copy).
 */
import path from 'node:path';
import { checkProjectConfig } from './config/check.ts';
import { formatProblems } from './config/validate.ts';

const problems = checkProjectConfig(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
if (problems.length > 0) {
  console.error(formatProblems(problems));
  process.exit(1);
}
console.log('Config check passed: config/app.json and themes/*.json are valid.');
