import type { components } from '../../../schemas/api/types.gen';

/** A chat line as the server sends it (history and live batches alike). */
export type ChatMessage = components['schemas']['ChatMessage'];
