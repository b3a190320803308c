import { screen } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { ChainCheckPanel } from '../components/IntegrityPanels';

const check = {
  id: 3,
  origin: 'api',
  checked: 1200,
  total: 4800,
  streams: null,
  brokenEvents: null,
  breaks: [],
  error: null,
  startedAt: '2026-11-24T08:00:00Z',
  finishedAt: null,
  stale: false,
};

describe('the chain check on the operations page', () => {
  it('shows the progress of a running check', async () => {
    fakeApi(() => ({ status: 200, body: { running: true, checks: [{ ...check, state: 'running' }] } }));
    renderScreen(
      <App>
        <ChainCheckPanel />
      </App>,
    );
    const status = await screen.findByRole('status', { name: 'Chain check' });
    expect(status).toHaveTextContent('1200 / 4800 events checked');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('button', { name: 'Verify the hash chain' })).toBeDisabled();
  });

  it('names the first event that breaks the chain', async () => {
    const message = 'event e1 (milestone-5000 revision 5, position 836/10): its content (type, data or metadata) does not match its content hash';
    fakeApi(() => ({
      status: 200,
      body: {
        running: false,
        checks: [
          {
            ...check,
            state: 'broken',
            checked: 4800,
            streams: 900,
            brokenEvents: 1,
            finishedAt: '2026-11-24T08:01:00Z',
            breaks: [{ eventId: 'e1', streamId: 'milestone-5000', revision: 5, position: '836/10', reason: 'content-changed', message }],
          },
        ],
      },
    }));
    renderScreen(
      <App>
        <ChainCheckPanel />
      </App>,
    );
    const status = await screen.findByRole('status', { name: 'Chain check' });
    expect(status).toHaveTextContent('1 event(s) break the hash chain — the first in the global order:');
    expect(status).toHaveTextContent(message);
  });

  it('names the stored files that changed or went missing, even when every chain is intact', async () => {
    const message = 'file “north wall.jpg” (attachment a1 of milestone 5000, project 1000): its bytes changed: they no longer hash to 3f1c…';
    fakeApi(() => ({
      status: 200,
      body: {
        running: false,
        checks: [
          {
            ...check,
            state: 'broken',
            checked: 4800,
            streams: 900,
            brokenEvents: 0,
            finishedAt: '2026-11-24T08:01:00Z',
            files: {
              attachments: 3,
              files: 4,
              changed: 1,
              missing: 0,
              problems: [
                { projectId: 1000, originalId: 5000, attachmentId: 'a1', name: 'north wall.jpg', file: 'file', sha256: '3f1c', found: 'changed', message },
              ],
            },
          },
        ],
      },
    }));
    renderScreen(
      <App>
        <ChainCheckPanel />
      </App>,
    );
    const status = await screen.findByRole('status', { name: 'Chain check' });
    expect(status).toHaveTextContent('1 stored file(s) no longer match the hash their event records:');
    expect(status).not.toHaveTextContent('break the hash chain');
    expect(screen.getByRole('list', { name: 'Changed or missing files' })).toHaveTextContent(message);
  });
});
