/**
 * A poll's result message (type 46, POLL_RESULT), as the real client shows it: not its
 * embed's raw fields but "<author>'s poll <question> has closed", the winning answer with
 * its share of the votes (or that it was a tie, or had no votes), and a way to the poll.
 */
import type { WireMessage } from '../../api/wire-types.js';
import { votes } from './poll-state.js';
import './poll.css';

/** The result embed's facts by name (`poll_question_text`, `victor_answer_text`, ...). */
function facts(message: WireMessage): Record<string, string> {
  return Object.fromEntries((message.embeds[0]?.fields ?? []).map((field) => [field.name, field.value]));
}

export function PollResult({ message, author }: { message: WireMessage; author: string }) {
  const fact = facts(message);
  const total = Number(fact.total_votes ?? 0);
  const winning = Number(fact.victor_answer_votes ?? 0);
  const pollId = message.message_reference?.message_id;
  const show = () => {
    const poll = pollId ? document.querySelector<HTMLElement>(`[data-testid="message-${pollId}"]`) : null;
    poll?.scrollIntoView({ block: 'center' });
    poll?.querySelector<HTMLElement>('[data-testid="poll"] input, [data-testid="poll"] button')?.focus();
  };
  return (
    <div className="poll-result" data-testid="poll-result">
      <div className="poll-result__line">{author}&apos;s poll <strong>{fact.poll_question_text}</strong> has closed</div>
      <div className="poll-result__card">
        <div className="poll-result__answer" data-testid="poll-result-answer">
          {fact.victor_answer_text !== undefined
            ? <><span className="poll__mark">✓</span> {fact.victor_answer_text} <span className="poll-result__votes">Winning answer · {total === 0 ? 0 : Math.round((winning / total) * 100)}%</span></>
            : total === 0 ? 'There were no votes' : 'The result was a tie'}
        </div>
        <div className="poll-result__total">{votes(total)}</div>
        {pollId && <button type="button" className="button button--secondary" onClick={show}>View poll</button>}
      </div>
    </div>
  );
}
