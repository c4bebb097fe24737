/**
 * From what the user typed or picked in an option's field to the value the invocation
 * carries. Text that does not read as the option's type is passed on as text, so the shared
 * invocation check refuses it with the same message the registry would.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { OptionDefinition } from '../../../shared/command-rules/definition.js';

/** A file picked for an ATTACHMENT option, on its way to the registry or there. */
export interface AttachedFile {
  /** Tells this pick from a later one of the same field (an upload answers late). */
  key: string;
  filename: string;
  size: number;
  status: 'uploading' | 'uploaded' | 'refused';
  /** Why the file was refused, by the client's checks or the registry. */
  error?: string;
}

/** An option's field: the raw text (an id for pickers, a choice's value as text), and what to show for it. */
export interface OptionDraft {
  text: string;
  /** The name shown for a picked choice, user, role or channel. */
  label?: string;
  /** An ATTACHMENT option's file; `text` is the upload's id once it is uploaded. */
  file?: AttachedFile;
}

const INTEGER_TEXT = /^\s*-?\d+\s*$/;
const DECIMAL_TEXT = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** Whether a field counts as filled in: empty fields are options not given. */
export function isFilled(draft: OptionDraft | undefined): draft is OptionDraft {
  return draft !== undefined && draft.text !== '';
}

/**
 * The wire value of a filled field: numbers for INTEGER and NUMBER text that reads as one,
 * booleans for BOOLEAN, text (ids included) otherwise. A choice's value keeps its type.
 */
export function draftValue(option: Pick<OptionDefinition, 'type' | 'choices'>, text: string): string | number | boolean {
  switch (option.type) {
    case ApplicationCommandOptionType.Integer:
      return INTEGER_TEXT.test(text) ? Number(text.trim()) : text;
    case ApplicationCommandOptionType.Number:
      return DECIMAL_TEXT.test(text) ? Number(text.trim()) : text;
    case ApplicationCommandOptionType.Boolean:
      return text === 'true' ? true : text === 'false' ? false : text;
    default:
      return text;
  }
}

/** The label a field shows for a value: the choice's name when the value is one of the choices. */
export function choiceLabel(option: Pick<OptionDefinition, 'choices'>, text: string): string | undefined {
  return option.choices?.find((choice) => String(choice.value) === text)?.name;
}
