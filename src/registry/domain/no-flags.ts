/**
 * A bit field with no bit set, for the `flags` of views. discord-api-types types each
 * `flags` as an enum of single bits, without a 0 member: a plain number holds any mix of
 * bits (none included) where the literal 0 would not type-check; the annotation widens 0 on purpose.
 */
export const NO_FLAGS: number = 0;
