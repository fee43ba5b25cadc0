/**
 * The pipeline view: the board of marked tenders by our status, and the tags manager beside it.
 * Its folder: the board (BoardView.tsx, its pure rules in boardLogic.ts), the tags manager (TagsManager.tsx),
 * their data (useBoard.ts) and words (marksViewStrings.ts).
 */
import { useState } from 'react';
import { useStrings } from '../../i18n/i18n';
import { BoardView } from './BoardView';
import { marksViewStrings } from './marksViewStrings';
import { TagsManager } from './TagsManager';
import './board.css';

export function MarksView() {
  const s = useStrings(marksViewStrings);
  const [tab, setTab] = useState<'board' | 'tags'>('board');
  return (
    <section className="view marks-view" data-testid="view-marks">
      <h1>{s.title}</h1>
      <div className="tabs" role="tablist">
        {(['board', 'tags'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className={`tab${tab === t ? ' tab--active' : ''}`} onClick={() => setTab(t)} data-testid={`marks-tab-${t}`}>
            {s[t]}
          </button>
        ))}
      </div>
      {tab === 'board' ? <BoardView /> : <TagsManager />}
    </section>
  );
}
