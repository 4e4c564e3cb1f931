/** `npm run docs:config`: writes docs/config-reference.md and docs/config-reference.html from the schemas. */
import fs from 'node:fs';
import path from 'node:path';
import { screens } from '../tests/screens.ts';
import { projectRoot } from './config/check.ts';
import { buildConfigReference, toHtml, toMarkdown } from './docs/config-reference.ts';

const reference = buildConfigReference(projectRoot, screens);
const docs = path.join(projectRoot, 'docs');
fs.writeFileSync(path.join(docs, 'config-reference.md'), toMarkdown(reference));
fs.writeFileSync(path.join(docs, 'config-reference.html'), toHtml(reference));
console.log(
  `Config reference: docs/config-reference.md and .html (${reference.pages.length} pages, ${reference.blocks.length} blocks)`,
);
