/** `npm run config:check`: validates config/app.json and themes/*.json; exits non-zero with a readable report. */
import { checkProjectConfig } from './config/check.ts';
import { formatProblems } from './config/validate.ts';

const problems = checkProjectConfig();
if (problems.length > 0) {
  console.error(formatProblems(problems));
  process.exit(1);
}
console.log('Config check passed: config/app.json and themes/*.json are valid.');
