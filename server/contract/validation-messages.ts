/**
 * A request the contract refuses is told why in the viewer's language, whole: ajv's error (keyword and params, never
 * its English message) is written out in Chinese and English around the field's name in that language
 * (field-names.ts). ajv-i18n was not used: its Chinese does not name fields (only their JSON pointers) and it reads
 * the English message's wording, not the field's place in the request.
 */
import type { LocalizedText } from '../envelope.ts';
import { FIELD_NAMES, REQUEST_PARTS } from './field-names.ts';

/** The part of an ajv error this reads (Fastify's FastifySchemaValidationError has it). */
export type SchemaError = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
};

/** The keyword of the check that every number is finite (register.ts): ajv lets Infinity through. */
export const FINITE_KEYWORD = 'finite';

const TYPE_NAMES: Record<string, LocalizedText> = {
  string: { 'zh-CN': '文字', en: 'text' },
  integer: { 'zh-CN': '整数', en: 'a whole number' },
  number: { 'zh-CN': '数字', en: 'a number' },
  boolean: { 'zh-CN': '是或否', en: 'true or false' },
  array: { 'zh-CN': '列表', en: 'a list' },
  object: { 'zh-CN': '对象', en: 'an object' },
  null: { 'zh-CN': '空值', en: 'null' },
};

const COMPARISONS: Record<string, LocalizedText> = {
  '>=': { 'zh-CN': '不能小于', en: 'at least' },
  '<=': { 'zh-CN': '不能大于', en: 'at most' },
  '>': { 'zh-CN': '应大于', en: 'greater than' },
  '<': { 'zh-CN': '应小于', en: 'less than' },
};

const UNKNOWN_TYPE: LocalizedText = { 'zh-CN': '其他类型', en: 'another type' };

/** Which field an error is about: the deepest named step of its path (the missing property last). */
function fieldOf(error: SchemaError, context: string): LocalizedText {
  const steps = error.instancePath.split('/').slice(1).map(decodePointerStep);
  if (typeof error.params.missingProperty === 'string') steps.push(error.params.missingProperty);
  steps.reverse();
  const known = steps.find((step) => Object.hasOwn(FIELD_NAMES, step));
  if (known !== undefined) return FIELD_NAMES[known];
  // A key the contract leaves open (a sign-up form's own fields): its name as sent.
  const other = steps.find((step) => !/^\d+$/.test(step));
  if (other !== undefined) return { 'zh-CN': `参数 ${other}`, en: other };
  return Object.hasOwn(REQUEST_PARTS, context) ? REQUEST_PARTS[context] : REQUEST_PARTS.body;
}

const decodePointerStep = (step: string) => step.replace(/~1/g, '/').replace(/~0/g, '~');

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/** Each language's sentence for the error about the field `name`. */
function sentence(error: SchemaError, name: LocalizedText): LocalizedText {
  const { params } = error;
  const limit = number(params.limit);
  switch (error.keyword) {
    case 'required':
      return { 'zh-CN': `缺少${name['zh-CN']}`, en: `${name.en} is required` };
    case 'type': {
      const types = String(params.type)
        .split(',')
        .map((type) => (Object.hasOwn(TYPE_NAMES, type) ? TYPE_NAMES[type] : UNKNOWN_TYPE));
      return {
        'zh-CN': `${name['zh-CN']}应为${types.map((type) => type['zh-CN']).join('或')}`,
        en: `${name.en} must be ${types.map((type) => type.en).join(' or ')}`,
      };
    }
    case 'minLength':
      return limit <= 1
        ? { 'zh-CN': `${name['zh-CN']}不能为空`, en: `${name.en} cannot be empty` }
        : {
            'zh-CN': `${name['zh-CN']}至少 ${limit} 个字符`,
            en: `${name.en} must be at least ${limit} characters`,
          };
    case 'maxLength':
      return {
        'zh-CN': `${name['zh-CN']}最多 ${limit} 个字符`,
        en: `${name.en} must be at most ${limit} characters`,
      };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = COMPARISONS[String(params.comparison)] ?? COMPARISONS['>='];
      return {
        'zh-CN': `${name['zh-CN']}${comparison['zh-CN']} ${limit}`,
        en: `${name.en} must be ${comparison.en} ${limit}`,
      };
    }
    case 'minItems':
      return limit <= 1
        ? { 'zh-CN': `${name['zh-CN']}不能为空`, en: `${name.en} cannot be empty` }
        : { 'zh-CN': `${name['zh-CN']}至少 ${limit} 项`, en: `${name.en} must have at least ${limit} items` };
    case 'maxItems':
      return {
        'zh-CN': `${name['zh-CN']}最多 ${limit} 项`,
        en: `${name.en} must have at most ${limit} items`,
      };
    case 'minProperties':
      return { 'zh-CN': `${name['zh-CN']}不能为空`, en: `${name.en} cannot be empty` };
    case 'maxProperties':
      return {
        'zh-CN': `${name['zh-CN']}最多 ${limit} 项`,
        en: `${name.en} must have at most ${limit} entries`,
      };
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [];
      return {
        'zh-CN': `${name['zh-CN']}应为以下之一：${allowed.join('、')}`,
        en: `${name.en} must be one of: ${allowed.join(', ')}`,
      };
    }
    case 'const':
      return {
        'zh-CN': `${name['zh-CN']}只能是 ${String(params.allowedValue)}`,
        en: `${name.en} must be ${String(params.allowedValue)}`,
      };
    case 'pattern':
    case 'format':
      return { 'zh-CN': `${name['zh-CN']}格式不正确`, en: `${name.en} is not in the expected format` };
    case 'uniqueItems':
      return { 'zh-CN': `${name['zh-CN']}有重复项`, en: `${name.en} lists an item twice` };
    case 'multipleOf':
      return {
        'zh-CN': `${name['zh-CN']}应为 ${number(params.multipleOf)} 的倍数`,
        en: `${name.en} must be a multiple of ${number(params.multipleOf)}`,
      };
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      return { 'zh-CN': `不支持的参数：${extra}`, en: `unknown field: ${extra}` };
    }
    case FINITE_KEYWORD:
      return { 'zh-CN': `${name['zh-CN']}应为有限的数字`, en: `${name.en} must be a finite number` };
    default:
      return { 'zh-CN': `${name['zh-CN']}无效`, en: `${name.en} is not valid` };
  }
}

/**
 * The message for a request the contract refused: the first of ajv's errors (one: allErrors is off), in which part
 * of the request (`querystring`, `params`, `body`, `headers`).
 */
export function validationMessage(
  errors: readonly SchemaError[],
  context: string | undefined,
): LocalizedText {
  const error = errors[0] ?? { keyword: 'invalid', instancePath: '', params: {} };
  const part = context ?? 'body';
  const said = sentence(error, fieldOf(error, part));
  return { 'zh-CN': `请求参数有误：${said['zh-CN']}`, en: `Invalid request: ${said.en}` };
}
