/**
 * Lists as the real client draws them, which discord-markdown-parser leaves out:
 * simple-markdown's own list rule, allowed at the start of a line in the inline scope the
 * client parses messages in, ended where the client ends a list (the library's author's
 * findings, ItzDerock/discord-markdown-parser#13), numbered from its first number kept
 * within 1 to 1,000,000,000 (LyricLy/parse-discord, tested against the client).
 */
import { SimpleMarkdown } from 'discord-markdown-parser';
import type { Capture, Rule } from './markdown-rule.js';

const defaultList = SimpleMarkdown.defaultRules.list;

const BULLET = /^( *)(\d+\.|[*-]) /;

/** The client numbers an ordered list from 1 at least (`0. a` is 1.) and 1,000,000,000 at most. */
const FIRST_NUMBER = { lowest: 1, highest: 1_000_000_000 };

/**
 * Where the client ends a list that simple-markdown would run on: at a blank line, at a
 * line that is neither a bullet nor indented (an item continues only on indented lines),
 * and where a bullet of the other kind starts at the list's own indent (`- a` then `1. b`
 * are two lists). The capture is cut there, before its line break, so what follows (a
 * heading, a quote) starts its own line as it would after any line.
 */
function listExtent(capture: Capture): Capture {
  const indent = capture[1] ?? '';
  const ordered = (capture[2] ?? '').length > 1;
  const all = capture[0] ?? '';
  let end = all.length;
  let offset = 0;
  for (const line of all.split('\n')) {
    if (offset > 0) {
      const bullet = BULLET.exec(line);
      const otherKind = bullet !== null && bullet[1] === indent && (bullet[2] ?? '').length > 1 !== ordered;
      if (line.trim() === '' || otherKind || (bullet === null && !line.startsWith(' '))) {
        end = offset;
        break;
      }
    }
    offset += line.length + 1;
  }
  const kept = all.slice(0, end).replace(/\n+$/, '');
  return kept === all ? capture : Object.assign([kept, ...capture.slice(1)], { index: capture.index });
}

/**
 * `- a`, `* a`, `1. a` on a line of their own (not `+ a`: the client leaves it as text);
 * simple-markdown's list only breaks out in block scope, so it is asked as if in one.
 */
export const list: Rule = {
  ...defaultList,
  match: (source, state, previous) => {
    const capture = defaultList.match(source, { ...state, _list: true }, previous);
    return capture && capture[2] !== '+' ? listExtent(capture) : null;
  },
  parse: (capture, parse, state) => {
    const node = defaultList.parse(capture, parse, state);
    if (typeof node.start !== 'number') return node;
    return { ...node, start: Math.min(FIRST_NUMBER.highest, Math.max(FIRST_NUMBER.lowest, node.start)) };
  },
};
