/**
 * Typed calls: request and response types come from the API contract (schemas/api, generated into
 * schemas/api/types.gen.ts by `npm run api:types`), so a path the contract lacks is a type error.
 */
import type { paths } from '../../schemas/api/types.gen';
import { apiGet, apiPost, type RequestOptions } from './api-client';

type Method = 'get' | 'post';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
export type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined | never ? never : P;
}[keyof paths];

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type EnvelopeOf<O> = O extends { responses: { 200: infer R } } ? JsonOf<R> : never;
export type ApiData<P extends keyof paths, M extends Method> =
  EnvelopeOf<Operation<P, M>> extends { data: infer D } ? D : never;

type QueryOf<O> = O extends { parameters: { query?: infer Q } }
  ? [Q] extends [never | undefined]
    ? object
    : Q
  : object;
type BodyOf<O> = O extends { requestBody?: { content: infer C } }
  ? C extends Record<string, infer B>
    ? B
    : object
  : object;
type Payload<T> = T & Record<string, unknown>;

export const api = {
  get<P extends PathWith<'get'>>(path: P, query?: QueryOf<Operation<P, 'get'>>, options?: RequestOptions) {
    return apiGet<ApiData<P, 'get'>>(path, query as Payload<object>, options);
  },
  post<P extends PathWith<'post'>>(path: P, body?: BodyOf<Operation<P, 'post'>>, options?: RequestOptions) {
    return apiPost<ApiData<P, 'post'>>(path, body as Payload<object>, options);
  },
};
