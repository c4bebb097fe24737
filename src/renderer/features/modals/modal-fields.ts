/**
 * An app's modal as the client reads it (`INTERACTION_MODAL_CREATE`): its text inputs,
 * row by row, the checks the client makes before submitting (required, min and max
 * length, so nothing leaves that the app would have to refuse), and the MODAL_SUBMIT data.
 */

/** One text input (component type 4) of a modal. */
export interface ModalTextInput {
  customId: string;
  label: string;
  /** 1 short (one line), 2 paragraph. */
  style: 1 | 2;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  placeholder?: string;
  value?: string;
}

export interface OpenModal {
  /** The interaction that answered with the modal. */
  interactionId: string;
  nonce: string;
  applicationId: string;
  channelId: string;
  customId: string;
  title: string;
  /** Text inputs per action row, in order. */
  rows: ModalTextInput[][];
}

type Raw = Record<string, unknown>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function textInput(raw: Raw): ModalTextInput | undefined {
  const customId = text(raw.custom_id);
  if (raw.type !== 4 || customId === undefined) return undefined;
  const input: ModalTextInput = {
    customId, label: text(raw.label) ?? customId, style: raw.style === 2 ? 2 : 1,
    // Text inputs are required unless the app says otherwise (api-facts).
    required: raw.required !== false,
  };
  const minLength = count(raw.min_length);
  const maxLength = count(raw.max_length);
  const placeholder = text(raw.placeholder);
  const value = text(raw.value);
  if (minLength !== undefined) input.minLength = minLength;
  if (maxLength !== undefined) input.maxLength = maxLength;
  if (placeholder !== undefined) input.placeholder = placeholder;
  if (value !== undefined) input.value = value;
  return input;
}

function list(value: unknown): Raw[] {
  return Array.isArray(value) ? value.filter((item): item is Raw => typeof item === 'object' && item !== null) : [];
}

/** The modal of an `INTERACTION_MODAL_CREATE`, or undefined when it has no text input to show. */
export function readModal(data: Raw): OpenModal | undefined {
  const rows = list(data.components)
    .map((row) => (row.type === 1 ? list(row.components) : [row]).map(textInput).filter((input) => input !== undefined))
    .filter((row) => row.length > 0);
  const interactionId = text(data.id);
  const customId = text(data.custom_id);
  const channelId = text(data.channel_id);
  const applicationId = text(data.application_id);
  if (rows.length === 0 || interactionId === undefined || customId === undefined || channelId === undefined || applicationId === undefined) return undefined;
  return { interactionId, nonce: text(data.nonce) ?? '', applicationId, channelId, customId, title: text(data.title) ?? '', rows };
}

/** The inputs' starting values: what the app filled in, else empty. */
export function initialValues(modal: OpenModal): Record<string, string> {
  return Object.fromEntries(modal.rows.flat().map((input) => [input.customId, input.value ?? '']));
}

/** The client's refusal of one value, or undefined when it may be sent. */
export function checkInput(input: ModalTextInput, value: string): string | undefined {
  const length = [...value].length;
  if (length === 0) return input.required ? 'This field is required.' : undefined;
  if (input.minLength !== undefined && length < input.minLength) return `Must be at least ${input.minLength} characters long (now ${length}).`;
  if (input.maxLength !== undefined && length > input.maxLength) return `Must be at most ${input.maxLength} characters long (now ${length}).`;
  return undefined;
}

/** Every refusal, by the input's custom_id ({} when the modal may be submitted). */
export function checkModal(modal: OpenModal, values: Readonly<Record<string, string>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const input of modal.rows.flat()) {
    const error = checkInput(input, values[input.customId] ?? '');
    if (error !== undefined) errors[input.customId] = error;
  }
  return errors;
}

/** MODAL_SUBMIT's `data`: the modal's custom_id, and every input's value in its row. */
export function modalSubmitData(modal: OpenModal, values: Readonly<Record<string, string>>): Record<string, unknown> {
  return {
    custom_id: modal.customId,
    components: modal.rows.map((row) => ({
      type: 1,
      components: row.map((input) => ({ type: 4, custom_id: input.customId, value: values[input.customId] ?? '' })),
    })),
  };
}
