/**
 * The Components V2 and modal rules case by case: each type's limits at the bound and just
 * beyond, the 40-component and 4000-character totals, and the modal's own limits.
 */
import { describe, expect, it } from 'vitest';
import { errorLines, type ErrorTree } from '../../src/shared/command-rules/error-tree.js';
import { validateMessage, validateModal } from '../../src/shared/message-rules/index.js';
import { rulesMissingACase } from '../helpers/rule-properties.js';

const V2 = 1 << 15;
const x = (length: number) => 'x'.repeat(length);
const text = (content: string) => ({ type: 10, content });
const thumbnail = (extra: Record<string, unknown> = {}) => ({ type: 11, media: { url: 'attachment://a.png' }, ...extra });
const gallery = (count: number) => ({ type: 12, items: Array.from({ length: count }, () => ({ media: { url: 'https://a.b/c.png' } })) });
const button = (custom_id: string) => ({ type: 2, style: 1, label: 'Go', custom_id });
const input = (custom_id: string, extra: Record<string, unknown> = {}) => ({ type: 4, custom_id, style: 1, label: 'Why?', ...extra });

interface Case {
  rule: string;
  /** A V2 message's components, or (modal) a modal's data. */
  components?: unknown[];
  modal?: Record<string, unknown>;
  refused?: Array<[string, string, string]>;
}

const modal = (components: unknown[], extra: Record<string, unknown> = {}) => ({ custom_id: 'form', title: 'Tell me', components, ...extra });

const CASES: Case[] = [
  { rule: 'V2 top level', components: [text('a'), { type: 14, divider: false, spacing: 2 }, { type: 13, file: { url: 'attachment://f.txt' } }] },
  { rule: 'V2 top level', components: [thumbnail()], refused: [['components.0', 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1, 9, 10, 12, 13, 14, 17).']] },
  { rule: 'section 1-3 texts and an accessory', components: [{ type: 9, components: [text('a'), text('b'), text('c')], accessory: thumbnail({ description: x(1024) }) }] },
  {
    rule: 'section 1-3 texts and an accessory', components: [{ type: 9, components: [text('a'), text('b'), text('c'), text('d')] }],
    refused: [['components.0.components', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 3 in length.'], ['components.0.accessory', 'BASE_TYPE_REQUIRED', 'This field is required']],
  },
  { rule: 'section accessory types', components: [{ type: 9, components: [text('a')], accessory: button('b') }] },
  { rule: 'section accessory types', components: [{ type: 9, components: [text('a')], accessory: text('b') }], refused: [['components.0.accessory', 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (2, 11).']] },
  { rule: 'thumbnail description 1024', components: [{ type: 9, components: [text('a')], accessory: thumbnail({ description: x(1025) }) }], refused: [['components.0.accessory.description', 'BASE_TYPE_MAX_LENGTH', 'Must be 1024 or fewer in length.']] },
  { rule: 'gallery 1-10', components: [gallery(10)] },
  { rule: 'gallery 1-10', components: [gallery(11)], refused: [['components.0.items', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 10 in length.']] },
  { rule: 'gallery media url', components: [{ type: 12, items: [{ media: {} }] }], refused: [['components.0.items.0.media.url', 'BASE_TYPE_REQUIRED', 'This field is required']] },
  { rule: 'gallery media url', components: [{ type: 12, items: [{ media: { url: 'attachment://b.png' }, spoiler: true, description: 'b' }] }] },
  { rule: 'file is an attachment', components: [{ type: 13, file: { url: 'https://a.b/c.txt' } }], refused: [['components.0.file.url', 'COMPONENT_FILE_URL_INVALID', 'A file component url must be an attachment:// reference']] },
  { rule: 'file is an attachment', components: [{ type: 13, file: { url: 'attachment://c.txt' }, spoiler: true }] },
  { rule: 'separator spacing 1 or 2', components: [{ type: 14, spacing: 1 }] },
  { rule: 'separator spacing 1 or 2', components: [{ type: 14, spacing: 3 }], refused: [['components.0.spacing', 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2}.']] },
  { rule: 'container', components: [{ type: 17, accent_color: null, spoiler: true, components: [text('a'), { type: 1, components: [button('b')] }] }] },
  { rule: 'container', components: [{ type: 17, accent_color: 0x1000000, components: [{ type: 17, components: [] }] }], refused: [['components.0.components.0', 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1, 9, 10, 12, 13, 14).'], ['components.0.accent_color', 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 16777215.']] },
  { rule: '40 components in total', components: [{ type: 17, components: Array.from({ length: 39 }, () => text('a')) }] },
  { rule: '40 components in total', components: [{ type: 17, components: Array.from({ length: 40 }, () => text('a')) }], refused: [['components', 'BASE_TYPE_MAX_LENGTH', 'Must be 40 or fewer in total.']] },
  { rule: '4000 characters of text', components: [text(x(2000)), text(x(2000))] },
  { rule: '4000 characters of text', components: [text(x(2000)), text(x(2001))], refused: [['components', 'COMPONENTS_TEXT_LENGTH_EXCEEDED', 'The text of all text displays must be 4000 or fewer in length.']] },
  { rule: 'custom ids unique through containers', components: [{ type: 1, components: [button('a')] }, { type: 17, components: [{ type: 9, components: [text('t')], accessory: button('a') }] }], refused: [['components.1.components.0.accessory.custom_id', 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated']] },
  { rule: 'custom ids unique through containers', components: [{ type: 1, components: [button('a')] }, { type: 17, components: [{ type: 9, components: [text('t')], accessory: button('b') }] }] },
  { rule: 'modal title 45, custom_id 100', modal: modal([{ type: 1, components: [input('why')] }], { title: x(45), custom_id: x(100) }) },
  {
    rule: 'modal title 45, custom_id 100', modal: modal([{ type: 1, components: [input('why')] }], { title: x(46), custom_id: x(101) }),
    refused: [['data.custom_id', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.'], ['data.title', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 45 in length.']],
  },
  { rule: 'modal 1-5 components', modal: modal(Array.from({ length: 5 }, (_, i) => ({ type: 1, components: [input(`i${i}`)] }))) },
  { rule: 'modal 1-5 components', modal: modal([]), refused: [['data.components', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.']] },
  { rule: 'text input limits', modal: modal([{ type: 1, components: [input('i', { label: x(45), style: 2, min_length: 0, max_length: 4000, value: x(4000), placeholder: x(100) })] }]) },
  {
    rule: 'text input limits', modal: modal([{ type: 1, components: [input('i', { label: x(46), style: 3, max_length: 4001, placeholder: x(101) })] }]),
    refused: [
      ['data.components.0.components.0.style', 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2}.'],
      ['data.components.0.components.0.label', 'BASE_TYPE_MAX_LENGTH', 'Must be 45 or fewer in length.'],
      ['data.components.0.components.0.max_length', 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 4000.'],
      ['data.components.0.components.0.placeholder', 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.'],
    ],
  },
  { rule: 'modal rows hold one text input', modal: modal([{ type: 1, components: [input('a'), input('b')] }]), refused: [['data.components.0.components', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 1 in length.']] },
  { rule: 'modal rows hold one text input', modal: modal([{ type: 1, components: [button('a')] }]), refused: [['data.components.0.components.0', 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (4,).']] },
  { rule: 'label and file upload', modal: modal([text('Intro'), { type: 18, label: x(45), description: x(100), component: { type: 19, custom_id: 'f', min_values: 0, max_values: 10 } }, { type: 18, label: 'Why', component: { type: 4, custom_id: 'w', style: 2 } }]) },
  {
    rule: 'label and file upload', modal: modal([{ type: 18, label: x(46), component: { type: 19, custom_id: 'f', max_values: 11 } }]),
    refused: [['data.components.0.label', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 45 in length.'], ['data.components.0.component.max_values', 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 10.']],
  },
  { rule: 'modal custom ids unique', modal: modal([{ type: 1, components: [input('a')] }, { type: 18, label: 'B', component: { type: 4, custom_id: 'a', style: 1 } }]), refused: [['data.components.1.component.custom_id', 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated']] },
];
// Accepted counterparts of the refusal-only rules above.
CASES.push(
  { rule: 'modal rows hold one text input', modal: modal([{ type: 1, components: [input('a')] }]) },
  { rule: 'modal custom ids unique', modal: modal([{ type: 1, components: [input('a')] }, { type: 18, label: 'B', component: { type: 4, custom_id: 'b', style: 1 } }]) },
  { rule: 'thumbnail description 1024', components: [{ type: 9, components: [text('a')], accessory: thumbnail({ description: x(1024), spoiler: false }) }] },
);

function lines(result: { ok: true } | { ok: false; errors: ErrorTree }): Array<[string, string, string]> | undefined {
  return result.ok ? undefined : errorLines(result.errors).map((line) => [line.path, line.code, line.message]);
}

describe('Components V2 and modal rules, case by case', () => {
  it.each(CASES.map((entry) => [entry.rule, entry] as const))('%s', (_rule, entry) => {
    const result = entry.modal ? validateModal(entry.modal, ['data']) : validateMessage({ flags: V2, components: entry.components }, [], { partial: false });
    expect(lines(result)).toEqual(entry.refused);
  });

  it('has an accepted and a refused case for every rule', () => {
    expect(rulesMissingACase(CASES)).toEqual([]);
  });

  it('refuses the V2 types in a message without the flag', () => {
    const result = validateMessage({ components: [text('a')] }, ['data'], { partial: false });
    expect(lines(result)).toEqual([['data.components.0', 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).']]);
  });
});
