/**
 * A request the contract refuses is told why wholly in the viewer's language: every field of the contract has a
 * name in both languages, and each operation, sent a bad request, answers Chinese with the field's Chinese name and
 * English without Chinese.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { FIELD_NAMES } from './field-names.ts';
import { loadContract, type OpenApiOperation } from './load.ts';
import { validationMessage } from './validation-messages.ts';

const contract = loadContract(
  path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../schemas/api'),
);
const CHINESE = /[\u3400-\u9fff]/;

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
const resolve = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref
    ? resolve(contract.components.schemas[schema.$ref.slice('#/components/schemas/'.length)])
    : schema;

/** Every request field the contract names: parameters and body properties at any depth. */
function contractFields(): Set<string> {
  const names = new Set<string>();
  const walk = (schema: Schema | undefined, depth: number) => {
    const node = resolve(schema);
    if (!node || depth > 8) return;
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      names.add(name);
      walk(child, depth + 1);
    }
    walk(node.items, depth + 1);
    for (const each of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
      walk(each, depth + 1);
  };
  for (const operations of Object.values(contract.paths))
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) names.add(parameter.name);
      for (const content of Object.values(operation.requestBody?.content ?? {}))
        walk(content.schema as Schema, 0);
    }
  return names;
}

const bodyOf = (operation: OpenApiOperation): Schema | undefined =>
  resolve(
    (
      operation.requestBody?.content['application/json'] ??
      Object.values(operation.requestBody?.content ?? {})[0]
    )?.schema as Schema | undefined,
  );

/**
 * A request the operation's schemas refuse, or null when every request passes them: its required query parameters
 * left out, else a body without its required properties, else a body property of the wrong type, else a number
 * parameter that is not a number.
 */
function badRequest(url: string, method: string, operation: OpenApiOperation) {
  const parameters = operation.parameters ?? [];
  const path = url.replace(/\{(\w+)\}/g, 'x');
  const body = bodyOf(operation);
  if (parameters.some((parameter) => parameter.in === 'query' && parameter.required))
    return { method, url: path, ...(body ? { payload: {} } : {}) };
  if (parameters.some((parameter) => parameter.in === 'path' && 'enum' in parameter.schema))
    return { method, url: path, ...(body ? { payload: {} } : {}) };
  if (body?.required?.length) return { method, url: path, payload: {} };
  const typed = Object.entries(body?.properties ?? {}).find(([, schema]) => {
    const type = resolve(schema)?.type;
    return typeof type === 'string' && type !== 'object';
  });
  if (typed) return { method, url: path, payload: { [typed[0]]: { not: 'this' } } };
  const numeric = parameters.find(
    (parameter) => parameter.in === 'query' && /integer|number/.test(JSON.stringify(parameter.schema)),
  );
  if (numeric) return { method, url: `${path}?${numeric.name}=not-a-number` };
  return null;
}

let app: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  app = await buildServer({
    databasePath: ':memory:',
    mode: 'test',
    limits: { rateLimitAllowList: ['127.0.0.1'] },
  });
}, 120_000);
afterAll(() => app?.close());

describe('validation messages', () => {
  it('name every field of the contract in both languages', () => {
    const missing = [...contractFields()].filter((name) => !Object.hasOwn(FIELD_NAMES, name));
    expect(missing).toEqual([]);
    for (const [name, texts] of Object.entries(FIELD_NAMES)) {
      expect(CHINESE.test(texts['zh-CN']), `${name}: ${texts['zh-CN']}`).toBe(true);
      expect(CHINESE.test(texts.en), `${name}: ${texts.en}`).toBe(false);
    }
  });

  it('write out each kind of error whole, with the field named in the language', () => {
    const say = (keyword: string, params: Record<string, unknown>, instancePath = '') =>
      validationMessage([{ keyword, instancePath, params }], 'body');
    expect(say('required', { missingProperty: 'token' })).toEqual({
      'zh-CN': '请求参数有误：缺少活动标识',
      en: 'Invalid request: event token is required',
    });
    expect(say('maximum', { comparison: '<=', limit: 100 }, '/page_size')).toEqual({
      'zh-CN': '请求参数有误：每页条数不能大于 100',
      en: 'Invalid request: page size must be at most 100',
    });
    expect(say('type', { type: 'integer' }, '/values/3')).toEqual({
      'zh-CN': '请求参数有误：填写内容应为整数',
      en: 'Invalid request: entered values must be a whole number',
    });
    expect(say('enum', { allowedValues: ['h5', 'wap'] }, '/t_type')).toEqual({
      'zh-CN': '请求参数有误：支付方式应为以下之一：h5、wap',
      en: 'Invalid request: payment type must be one of: h5, wap',
    });
    expect(say('type', { type: 'object' })['zh-CN']).toBe('请求参数有误：请求内容应为对象');
    expect(say('somethingNew', {}, '/page').en).toBe('Invalid request: page is not valid');
  });

  it('answer a bad request to every operation in both languages', { timeout: 120_000 }, async () => {
    const unchecked: string[] = [];
    const wrong: string[] = [];
    for (const [url, operations] of Object.entries(contract.paths))
      for (const [method, operation] of Object.entries(operations) as [string, OpenApiOperation][]) {
        const request = badRequest(url, method.toUpperCase(), operation);
        if (!request) {
          unchecked.push(operation.operationId);
          continue;
        }
        const answers = await Promise.all(
          (['zh-CN', 'en'] as const).map(async (locale) => {
            const response = await app.inject({
              ...request,
              method: request.method as 'GET' | 'POST',
              url: `${request.url}${request.url.includes('?') ? '&' : '?'}locale=${locale}`,
            });
            return response.json<{ xcode: number; msg: string }>();
          }),
        );
        const [chinese, english] = answers;
        const said = `${operation.operationId}: ${chinese.msg} | ${english.msg}`;
        if (chinese.xcode !== 400 || english.xcode !== 400) wrong.push(`not refused: ${said}`);
        else if (
          !chinese.msg.startsWith('请求参数有误：') ||
          !CHINESE.test(chinese.msg.slice('请求参数有误：'.length)) ||
          !english.msg.startsWith('Invalid request: ') ||
          CHINESE.test(english.msg) ||
          /\/|querystring|must have|must NOT/.test(english.msg)
        )
          wrong.push(said);
      }
    expect(wrong).toEqual([]);
    // Operations whose every request passes the schemas (nothing required, free text only) have nothing to refuse.
    expect(unchecked.length).toBeLessThan(Object.values(contract.paths).flatMap(Object.values).length / 3);
  });
});
