// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { isWeChat } from './user-agent';
import { i18n } from '../i18n';
import { Field } from '../../ui/field/Field'; // fails: src/lib holds non-UI helpers
import { App } from '../../app/App'; // fails: src/lib holds non-UI helpers

export const Fixture = () => <Field label="x">{() => <App />}</Field>;
