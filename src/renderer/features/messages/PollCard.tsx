/**
 * A message's poll, as the real client shows it: the question, the answers to choose
 * (one, or several when the poll allows), "Vote"; then each answer's count and share with
 * the reader's own marked, "Remove vote", the votes in all and the time left; once over,
 * the final results with the winner. Voting calls the registry as the acting person; the
 * counts move with the channel's vote events (poll-votes.ts), for every reader alike.
 */
import { useState } from 'react';
import type { WireMessage } from '../../api/wire-types.js';
import { useActions } from '../../app/store-context.js';
import { useNow } from './now-context.js';
import { pollView, votes, type PollAnswerView } from './poll-state.js';
import './poll.css';

function Results({ answers }: { answers: PollAnswerView[] }) {
  return (
    <ul className="poll__answers">
      {answers.map((answer) => (
        <li
          key={answer.id}
          className={`poll__answer poll__answer--result${answer.mine ? ' poll__answer--mine' : ''}${answer.winner ? ' poll__answer--winner' : ''}`}
          data-testid="poll-answer" data-answer-id={answer.id} data-mine={answer.mine ? 'true' : undefined} data-winner={answer.winner ? 'true' : undefined}
        >
          <span className="poll__bar" style={{ width: `${answer.percent}%` }} aria-hidden="true" />
          <span className="poll__text">{answer.emoji && <span className="poll__emoji">{answer.emoji}</span>}{answer.text}</span>
          {answer.mine && <span className="poll__mark" title="Your vote">✓</span>}
          {answer.winner && <span className="poll__mark" title="Winning answer">★</span>}
          <span className="poll__count" data-testid="poll-count">{votes(answer.count)}</span>
          <span className="poll__percent" data-testid="poll-percent">{answer.percent}%</span>
        </li>
      ))}
    </ul>
  );
}

export function PollCard({ message }: { message: WireMessage }) {
  const { votePoll } = useActions();
  const now = useNow();
  const [chosen, setChosen] = useState<number[]>([]);
  const [showing, setShowing] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!message.poll) return null;
  const view = pollView(message.poll, now);
  const results = view.voted || view.closed || showing;
  const send = async (answerIds: number[]) => {
    setSending(true);
    setProblem(null);
    const refused = await votePoll(message, answerIds);
    setSending(false);
    setProblem(refused === null ? null : `Your vote was not counted: ${refused}`);
    if (refused === null) {
      // The counts arrive with the channel's vote events; until then the results show.
      setChosen([]);
      setShowing(answerIds.length > 0);
    }
  };
  const choose = (id: number, on: boolean) =>
    setChosen(view.multiselect ? (on ? [...chosen, id] : chosen.filter((entry) => entry !== id)) : [id]);

  return (
    <section className="poll" data-testid="poll" aria-label={`Poll: ${view.question}`} data-finalized={view.finalized ? 'true' : undefined}>
      <div className="poll__question" data-testid="poll-question">{view.question}</div>
      <div className="poll__hint">
        {view.closed ? 'The poll is over' : view.multiselect ? 'Select one or more answers' : 'Select one answer'}
      </div>
      {results ? <Results answers={view.answers} /> : (
        <fieldset className="poll__answers poll__choices" disabled={sending}>
          <legend className="poll__legend">{view.question}</legend>
          {view.answers.map((answer) => (
            <label key={answer.id} className={`poll__answer${chosen.includes(answer.id) ? ' poll__answer--chosen' : ''}`} data-testid="poll-answer" data-answer-id={answer.id}>
              <input
                type={view.multiselect ? 'checkbox' : 'radio'}
                name={`poll-${message.id}`}
                checked={chosen.includes(answer.id)}
                data-testid={`poll-choice-${answer.id}`}
                onChange={(event) => choose(answer.id, event.target.checked)}
              />
              <span className="poll__text">{answer.emoji && <span className="poll__emoji">{answer.emoji}</span>}{answer.text}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="poll__footer">
        <span className="poll__total" data-testid="poll-total">{votes(view.total)}</span>
        {view.status && <span className="poll__status" data-testid="poll-status">{view.status}</span>}
        <span className="poll__actions">
          {!view.closed && !view.voted && (
            <button type="button" className="link-button" data-testid="poll-show-results" onClick={() => setShowing(!showing)}>
              {showing ? 'Go back to vote' : 'Show results'}
            </button>
          )}
          {!view.closed && view.voted && (
            <button type="button" className="button button--secondary" data-testid="poll-remove-vote" disabled={sending} onClick={() => void send([])}>Remove vote</button>
          )}
          {!results && (
            <button type="button" className="button button--primary" data-testid="poll-vote" disabled={sending || chosen.length === 0} onClick={() => void send(chosen)}>Vote</button>
          )}
        </span>
      </div>
      {problem && <div className="poll__problem" role="alert" data-testid="poll-problem">{problem}</div>}
    </section>
  );
}
