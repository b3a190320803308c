import { formatDollars } from '@escrow/domain';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useEdits, type MilestoneView } from '../api/milestones';

/** Edit history with its count and Show/Hide Edits; the pane is 400 px tall and scrolls (spec §2). */
export function EditHistory({ milestone, onApprove, onReject }: { milestone: MilestoneView; onApprove: (mId: number) => void; onReject: (mId: number) => void }) {
  const [open, setOpen] = useState(false);
  const edits = useEdits(milestone.job_id, milestone.m_id, open);
  return (
    <section aria-label="Edit history">
      <h4>
        Edit history ({milestone.edit_count}){' '}
        <Button size="small" onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide Edits' : 'Show Edits'}
        </Button>
      </h4>
      {open && (
        <div className="el-edit-pane" style={{ height: 400, overflowY: 'auto' }} data-testid="edit-pane">
          {edits.data?.map((v) => (
            <article key={v.m_id} className="el-version" aria-label={v.label}>
              <header>
                <Tag>{v.label}</Tag> by the {v.author_party} {v.author_name} on {new Date(v.created).toLocaleString()}
              </header>
              <p>
                <strong>{v.title || 'Whole Project Milestone'}</strong> — {formatDollars(v.amount)}, deposit {formatDollars(v.deposit_total)}
              </p>
              <p>{v.definition}</p>
              <ul className="el-plain-list">
                {v.payees.map((p) => (
                  <li key={p.mp_id}>
                    {p.name}: {p.type}
                    {p.percentage ? ` ${p.percentage}%` : ''} {formatDollars(p.amount)} → receives {formatDollars(p.net)}
                  </li>
                ))}
              </ul>
              <p className="el-muted">{v.approval_message}</p>
              {v.status === 'proposed' && !milestone.locked && (
                <div className="el-actions">
                  <Button size="small" type="primary" onClick={() => onApprove(v.m_id)}>
                    Approve this version
                  </Button>
                  <Button size="small" danger onClick={() => onReject(v.m_id)}>
                    Reject this version
                  </Button>
                </div>
              )}
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
