/**
 * The message surface's limits (message-facts.md, "Limits", "Components", "Modals"), in
 * one place so the rules, the tests and the docs read the same numbers.
 */
export const MESSAGE_LIMITS = {
  content: 2000,
  embeds: 10,
  legacyRows: 5,
  allowedMentionIds: 100,
} as const;

export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  /** The sum of the texts above over every embed of a message. */
  total: 6000,
} as const;

export const COMPONENT_LIMITS = {
  customId: 100,
  rowButtons: 5,
  buttonLabel: 80,
  selectOptions: 25,
  optionText: 100,
  selectPlaceholder: 150,
  selectValues: 25,
  textInputLabel: 45,
  textInputLength: 4000,
  textInputPlaceholder: 100,
  sectionTexts: 3,
  mediaDescription: 1024,
  galleryItems: 10,
  /** Components V2: every component counted with its children. */
  v2Total: 40,
  /** Components V2: the text of all text displays together. */
  v2Text: 4000,
  labelText: 45,
  labelDescription: 100,
  fileUploadValues: 10,
  /** `id` is a 32-bit integer. */
  idMax: 2 ** 31 - 1,
  colorMax: 0xffffff,
} as const;

export const MODAL_LIMITS = {
  customId: 100,
  title: 45,
  components: 5,
} as const;

/** Message flags (message-facts.md, "Limits"). */
export const MESSAGE_FLAGS = {
  SUPPRESS_EMBEDS: 1 << 2,
  EPHEMERAL: 1 << 6,
  LOADING: 1 << 7,
  SUPPRESS_NOTIFICATIONS: 1 << 12,
  IS_VOICE_MESSAGE: 1 << 13,
  IS_COMPONENTS_V2: 1 << 15,
} as const;

/** The flags a bot may set on a message it sends (EPHEMERAL only in interaction answers; callers check). */
export const SETTABLE_FLAGS = MESSAGE_FLAGS.SUPPRESS_EMBEDS | MESSAGE_FLAGS.EPHEMERAL | MESSAGE_FLAGS.SUPPRESS_NOTIFICATIONS
  | MESSAGE_FLAGS.IS_VOICE_MESSAGE | MESSAGE_FLAGS.IS_COMPONENTS_V2;
