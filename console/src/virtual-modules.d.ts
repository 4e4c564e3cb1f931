/** The event form's validators, compiled from the contract at build time (console/vite.config.ts). */
declare module 'virtual:console-event-validator' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  const validators: ValidatorFunctions;
  export default validators;
}
