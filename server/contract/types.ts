/**
 * The contract's types on the server, looked up by operationId in the types `npm run api:types` generates from
 * schemas/api for the client too (schemas/api/types.gen.ts): what a handler may read from the request's query, path
 * and body, and what it must answer. Fastify validates every request against the same schemas before the handler
 * runs (register.ts), which is what makes these types true at run time, so a handler never casts its request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../../schemas/api/types.gen.ts';

/** A component schema of the contract, e.g. `ContractSchema<'ShopOrder'>`. */
export type ContractSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type OperationId = keyof operations;
type Responses<Id extends OperationId> = operations[Id]['responses'];

/** Nothing to read when the operation declares none (Fastify still hands an empty object). */
type Declared<T> = [T] extends [undefined] ? Record<never, never> : NonNullable<T>;

/** What the app sends on every call, accepted by every route beside its own query (register.ts, commonQuery). */
type CommonQuery = { locale?: string; inviteId?: string };

/** The query the operation declares, with the app's common parameters. */
export type RequestQuery<Id extends OperationId> = Declared<operations[Id]['parameters']['query']> &
  CommonQuery;

/** The path parameters, e.g. `{ kind }` of `/v3/api/download/{kind}`. */
export type RequestParams<Id extends OperationId> = Declared<operations[Id]['parameters']['path']>;
type AnyContent<Part> = Part extends { content: infer Content } ? Content[keyof Content] : never;
/** The body in any content type the operation accepts (JSON or a form: one schema), undefined when optional. */
export type RequestBody<Id extends OperationId> = [operations[Id]['requestBody']] extends [undefined]
  ? undefined
  : | AnyContent<NonNullable<operations[Id]['requestBody']>>
    | (undefined extends operations[Id]['requestBody'] ? undefined : never);

/**
 * One response's body: JSON as declared; no content is undefined (a 304); a file (a QR code, a spreadsheet) is
 * bytes the contract cannot type, so `unknown`.
 */
type Answer<Response> = Response extends { content: infer Content }
  ? [Exclude<keyof Content, 'application/json'>] extends [never]
    ? Content[keyof Content]
    : unknown
  : undefined;

/** The success answer (the envelope, for a JSON operation). */
export type ReplyOf<Id extends OperationId> = Answer<Responses<Id>[200]>;
/** The `data` of the success envelope. */
export type ReplyData<Id extends OperationId> = ReplyOf<Id> extends { data: infer Data } ? Data : never;

/** What the reply may send: the success answer, or by status when the operation declares others (a 304). */
type ReplyByStatus<Id extends OperationId> = [Exclude<keyof Responses<Id>, 200>] extends [never]
  ? ReplyOf<Id>
  : { [Status in keyof Responses<Id>]: Answer<Responses<Id>[Status]> };

/** Fastify's route generic of an operation. */
export type ContractRoute<Id extends OperationId> = {
  Querystring: RequestQuery<Id>;
  Params: RequestParams<Id>;
  Body: RequestBody<Id>;
  Reply: ReplyByStatus<Id>;
};

export type ContractRequest<Id extends OperationId> = FastifyRequest<ContractRoute<Id>>;
export type ContractReply<Id extends OperationId> = FastifyReply<ContractRoute<Id>>;

/** A handler answers its operation's success envelope, or the reply it has sent itself (a file, a 304). */
export type OperationHandler<Id extends OperationId> = (
  request: ContractRequest<Id>,
  reply: ContractReply<Id>,
) => ReplyOf<Id> | ContractReply<Id> | Promise<ReplyOf<Id> | ContractReply<Id>>;

/** Handlers by operationId: each one's request and answer are typed by its operation. */
export type HandlerMap = { [Id in OperationId]?: OperationHandler<Id> };
