/** The contract's request bodies, by operation, from the types the server's handlers are typed with. */
import type { operations } from '../../../schemas/api/types.gen';

export type RequestBody<Op extends keyof operations> = operations[Op]['requestBody'] extends {
  content: { 'application/json': infer Body };
}
  ? Body
  : never;
