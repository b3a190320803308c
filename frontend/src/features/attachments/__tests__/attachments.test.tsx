import type { AttachmentView, MilestoneView } from '@escrow/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { signedIn } from '../../../test/users';
import { milestoneEvidence, retainageEvidence } from '../api/owner';
import { AttachmentList } from '../components/AttachmentList';
import { AttachmentUploader } from '../components/AttachmentUploader';
import DisputeEvidence from '../components/DisputeEvidence';
import MilestoneFiles, { uploadsOf } from '../components/MilestoneFiles';
import { ALLOWED_FILES, attachedText } from '../components/texts';

const HASH = 'ab12cd34ef56'.padEnd(64, '7');
/** A photo as stored (drawn again, without its metadata) and as its sender uploaded it. */
const STORED = '5e7a11ed0000'.padEnd(64, '1');
const UPLOADED = '0a1b2c3d4e5f'.padEnd(64, '9');
const TOO_LARGE = 'The file is larger than 25 MB; attach a smaller one.';

const file = (over: Partial<AttachmentView> = {}): AttachmentView => ({
  attachment_id: 'a1',
  original_id: 5000,
  to: 'completion',
  version_id: null,
  dispute_id: null,
  name: 'report.pdf',
  size: 48 * 1024,
  media_type: 'application/pdf',
  sha256: HASH,
  original_sha256: HASH,
  original_size: 48 * 1024,
  by: { user_id: 21, name: 'Sam Seller', role: 'seller' },
  at: '2026-11-26T14:27:00Z',
  removed: null,
  download_url: '/api/milestone/5000/attachments/a1/file',
  thumbnail_url: null,
  ...over,
});

const photo = file({
  attachment_id: 'p1',
  name: 'before.png',
  size: 2_400_000,
  media_type: 'image/png',
  sha256: STORED,
  original_sha256: UPLOADED,
  original_size: 3_100_000,
  by: { user_id: 30, name: 'Jordan Buyer', role: 'buyer' },
  download_url: '/api/milestone/5000/attachments/p1/file',
  thumbnail_url: '/api/milestone/5000/attachments/p1/thumbnail',
});

const inApp = (node: ReactNode) => renderScreen(<App>{node}</App>, { user: signedIn(null) });
const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'inspection.pdf', { type: 'application/pdf' });
const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type=file]')!;

describe('the uploader', () => {
  it('sends the file as multipart to its target, shows its progress, then says it is attached', async () => {
    const { calls } = fakeApi((call) => (call.method === 'POST' ? { status: 201, body: file(), progress: [40], delayMs: 300 } : undefined));
    const { container } = inApp(<AttachmentUploader owner={milestoneEvidence(5000)} target={{ to: 'dispute', disputeId: 9 }} label="Attach your evidence" />);
    expect(screen.getByRole('button', { name: /Attach your evidence/ })).toHaveAccessibleDescription(ALLOWED_FILES);
    await userEvent.upload(fileInput(container), pdf());
    const sending = await screen.findByRole('list', { name: 'Files being sent' });
    await waitFor(() => expect(within(sending).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40'));
    expect(within(sending).getByRole('button', { name: 'Cancel inspection.pdf' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(attachedText('inspection.pdf')));
    expect(screen.queryByRole('list', { name: 'Files being sent' })).not.toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/milestone/5000/attachments');
    expect(post.params).toEqual({ to: 'dispute', dispute_id: 9 });
    expect((post.data as FormData).get('file')).toHaveProperty('name', 'inspection.pdf');
  });

  it('posts a version’s files to that version', async () => {
    const { calls } = fakeApi((call) => (call.method === 'POST' ? { status: 201, body: file() } : undefined));
    const { container } = inApp(<AttachmentUploader owner={milestoneEvidence(5000)} target={{ to: 'version', versionId: 5003 }} label="Attach to the edit" />);
    await userEvent.upload(fileInput(container), pdf());
    await screen.findByText(attachedText('inspection.pdf'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/milestone/5003/attachments', params: { to: 'version' } });
  });

  it('shows the API’s refusal beside the file’s name until it is dismissed', async () => {
    fakeApi((call) => (call.method === 'POST' ? { status: 413, body: { statusCode: 413, message: TOO_LARGE } } : undefined));
    const { container } = inApp(
      <AttachmentUploader owner={milestoneEvidence(5000)} target={{ to: 'completion' }} label="Attach photos or reports of the work" />,
    );
    await userEvent.upload(fileInput(container), pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent(`inspection.pdf was not attached: ${TOO_LARGE}`);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss inspection.pdf' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the list of files', () => {
  it('shows thumbnails of images and a row per file: name to download, size, who, role, when and the hash', () => {
    fakeApi(() => undefined);
    inApp(<AttachmentList files={[photo, file()]} owner={milestoneEvidence(5000)} viewerId={21} label="Evidence of the work" />);
    const gallery = screen.getByRole('list', { name: 'Evidence of the work: pictures' });
    expect(within(gallery).getByRole('img', { name: 'before.png' })).toHaveAttribute('src', photo.thumbnail_url);
    const rows = within(screen.getByRole('list', { name: 'Evidence of the work' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'before.png' })).toHaveAttribute('href', photo.download_url);
    expect(rows[0]).toHaveTextContent('2.3 MB');
    expect(rows[0]).toHaveTextContent('Added by Jordan Buyer (buyer)');
    expect(rows[1]).toHaveTextContent('48 KB');
    expect(rows[1]).toHaveTextContent('Added by you (seller)');
    expect(rows[1]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-26T14:27:00Z');
    // Shown short; read out (and copied) whole.
    expect(rows[1]).toHaveTextContent(`SHA-256 ${HASH.slice(0, 12)}…`);
    expect(within(rows[1]!).getByText(HASH)).toHaveClass('el-visually-hidden');
  });

  it('copies the whole hash', async () => {
    fakeApi(() => undefined);
    const user = userEvent.setup();
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    inApp(<AttachmentList files={[file()]} owner={milestoneEvidence(5000)} viewerId={21} label="Files" />);
    await user.click(screen.getByRole('button', { name: 'Copy the SHA-256 of report.pdf' }));
    expect(write).toHaveBeenCalledWith(HASH);
  });

  it('labels which hash is which: a document stored as uploaded, an image as stored and as uploaded, an older file’s upload not recorded', async () => {
    fakeApi(() => undefined);
    const user = userEvent.setup();
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    const older = file({ attachment_id: 'o1', name: 'old photo.jpg', media_type: 'image/jpeg', original_sha256: null, original_size: null });
    inApp(<AttachmentList files={[photo, file(), older]} owner={milestoneEvidence(5000)} viewerId={21} label="Files" />);
    const [image, document, before] = within(screen.getByRole('list', { name: 'Files' })).getAllByRole('listitem');
    expect(image).toHaveTextContent(`SHA-256 as stored ${STORED.slice(0, 12)}…`);
    expect(image).toHaveTextContent(`SHA-256 as uploaded ${UPLOADED.slice(0, 12)}…`);
    expect(within(image!).getByText(UPLOADED)).toHaveClass('el-visually-hidden');
    expect(document).toHaveTextContent(`SHA-256 ${HASH.slice(0, 12)}… (stored as uploaded)`);
    expect(before).toHaveTextContent(`SHA-256 as stored ${HASH.slice(0, 12)}…`);
    expect(before).toHaveTextContent('SHA-256 as uploaded: not recorded');
    await user.click(within(image!).getByRole('button', { name: 'Copy the SHA-256 of before.png as uploaded' }));
    expect(write).toHaveBeenLastCalledWith(UPLOADED);
    await user.click(within(image!).getByRole('button', { name: 'Copy the SHA-256 of before.png as stored' }));
    expect(write).toHaveBeenLastCalledWith(STORED);
  });

  it('hides removed files until asked, and then offers no download to a party', async () => {
    fakeApi(() => undefined);
    const removed = file({ attachment_id: 'r1', name: 'old-quote.pdf', removed: { by: 21, at: '2026-11-26T15:00:00Z' } });
    inApp(<AttachmentList files={[file(), removed]} owner={milestoneEvidence(5000)} viewerId={21} label="Files" />);
    expect(screen.queryByText('old-quote.pdf')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show removed files (1)' }));
    const row = screen.getByText('old-quote.pdf').closest('li')!;
    expect(row).toHaveTextContent('Removed');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('lets an administrator still download a removed file', async () => {
    fakeApi(() => undefined);
    const removed = file({ name: 'old-quote.pdf', removed: { by: 21, at: '2026-11-26T15:00:00Z' } });
    inApp(<AttachmentList files={[removed]} owner={milestoneEvidence(5000)} viewerId={1} viewerIsAdmin label="Files" empty="None." />);
    expect(screen.getByText('None.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show removed files (1)' }));
    expect(screen.getByRole('link', { name: 'old-quote.pdf' })).toBeInTheDocument();
  });

  it('offers Remove on the viewer’s own files while their target is open, and removes after a confirmation', async () => {
    const { calls } = fakeApi((call) =>
      call.method === 'DELETE' ? { status: 200, body: file({ removed: { by: 21, at: '2026-11-26T15:00:00Z' } }) } : undefined,
    );
    inApp(<AttachmentList files={[file(), photo]} owner={milestoneEvidence(5000)} viewerId={21} label="Files" mayRemove={() => true} />);
    expect(screen.queryByRole('button', { name: 'Remove before.png' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove report.pdf' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/milestone/5000/attachments/a1'));
    expect(await screen.findByText('report.pdf removed.')).toBeInTheDocument();
  });

  it('offers no Remove once the target is closed', () => {
    fakeApi(() => undefined);
    // Both files are the viewer's own: the terms' file was added to a version both parties have
    // approved since (closed), the work's file while the work is still open.
    const terms = file({ attachment_id: 't1', name: 'quote.pdf', to: 'version', version_id: 5000 });
    const work = file({ attachment_id: 'w1', name: 'after.pdf' });
    const mayRemove = vi.fn((f: AttachmentView) => f.to === 'completion');
    inApp(<AttachmentList files={[terms, work]} owner={milestoneEvidence(5000)} viewerId={21} label="Files" mayRemove={mayRemove} />);
    const [closed, open] = within(screen.getByRole('list', { name: 'Files' })).getAllByRole('listitem');
    expect(within(closed!).getByRole('link', { name: 'quote.pdf' })).toBeInTheDocument();
    expect(within(closed!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(open!).getByRole('button', { name: 'Remove after.pdf' })).toBeInTheDocument();
    expect(mayRemove).toHaveBeenCalledWith(terms);
  });
});

const milestone = (over: Partial<MilestoneView>): MilestoneView =>
  ({
    m_id: 5000,
    original_id: 5000,
    author_id: 21,
    author_party: 'seller',
    locked: false,
    is_current: false,
    user_is_customer: false,
    buyer_approval: 'pending',
    seller_approval: 'pending',
    marked_complete_by_both: false,
    complete_count: 0,
    attachment_count: 1,
    pending_edit: null,
    dispute: null,
    ...over,
  }) as MilestoneView;

describe('where a user may attach (docs/attachments.md)', () => {
  it('the terms of the original for its author’s side (a colleague too), until the other party approves it', () => {
    expect(uploadsOf(milestone({})).terms.map((u) => u.target)).toEqual([{ to: 'version', versionId: 5000 }]);
    expect(uploadsOf(milestone({ user_is_customer: true })).terms).toEqual([]);
    expect(uploadsOf(milestone({ buyer_approval: 'approved' })).terms).toEqual([]);
    expect(uploadsOf(milestone({ locked: true })).terms).toEqual([]);
  });

  it('why a version was rejected, for the side that rejected it', () => {
    const edit = {
      m_id: 5003,
      author_id: 21,
      author_name: 'Sam Seller',
      author_company_role: null,
      author_party: 'seller' as const,
      user_approval_status: 'rejected' as const,
      buyer_approval: 'rejected' as const,
      seller_approval: 'pending' as const,
      approval_message: '',
    };
    const m = milestone({ user_is_customer: true, buyer_approval: 'rejected', pending_edit: edit });
    expect(uploadsOf(m).rejection.map((u) => u.target)).toEqual([
      { to: 'rejection', versionId: 5000 },
      { to: 'rejection', versionId: 5003 },
    ]);
    expect(uploadsOf({ ...m, user_is_customer: false }).rejection).toEqual([]);
    // The seller's own edit takes the seller's files while the buyer has not decided on it.
    expect(uploadsOf({ ...m, user_is_customer: false, pending_edit: { ...edit, buyer_approval: 'pending' } }).terms.map((u) => u.target)).toEqual([
      { to: 'version', versionId: 5003 },
    ]);
  });

  it('the work done, for either party, once agreed and until both marked it complete', () => {
    expect(uploadsOf(milestone({})).completion).toBeNull();
    expect(uploadsOf(milestone({ is_current: true, user_is_customer: true })).completion?.target).toEqual({ to: 'completion' });
    expect(uploadsOf(milestone({ is_current: true, marked_complete_by_both: true })).completion).toBeNull();
  });
});

describe('the card’s files and a dispute’s evidence', () => {
  const list = (files: AttachmentView[]) =>
    fakeApi((call) => (call.method === 'GET' && call.url === '/milestone/5000/attachments' ? { status: 200, body: files } : undefined));

  it('shows the evidence of the work with its uploader on an agreed milestone', async () => {
    list([file()]);
    inApp(<MilestoneFiles milestone={milestone({ is_current: true })} currentUserId={21} />);
    const work = await screen.findByRole('region', { name: 'Evidence of the work' });
    expect(within(work).getByRole('link', { name: 'report.pdf' })).toBeInTheDocument();
    expect(within(work).getByRole('button', { name: /Attach photos or reports of the work/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Files of the terms' })).not.toBeInTheDocument();
  });

  it('shows a viewer member the evidence and why there is no upload (issue 37)', async () => {
    list([file()]);
    renderScreen(
      <App>
        <MilestoneFiles milestone={milestone({ is_current: true })} currentUserId={21} />
      </App>,
      { user: signedIn('viewer') },
    );
    const work = await screen.findByRole('region', { name: 'Evidence of the work' });
    expect(within(work).getByRole('link', { name: 'report.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Attach/ })).not.toBeInTheDocument();
    expect(screen.getByText("Only the company's owner and project managers can add or remove evidence files.")).toBeInTheDocument();
  });

  it('shows nothing where there is nothing to show or add', async () => {
    const { calls } = list([]);
    const { container } = inApp(<MilestoneFiles milestone={milestone({ user_is_customer: true })} currentUserId={30} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });

  it('asks for no files while the milestone counts none, and lists one attached there', async () => {
    let stored: AttachmentView[] = [];
    const { calls } = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/milestone/5000/attachments') return { status: 200, body: stored };
      if (call.method === 'POST') {
        stored = [file({ name: 'inspection.pdf' })];
        return { status: 201, body: stored[0] };
      }
      return undefined;
    });
    const { container } = inApp(<MilestoneFiles milestone={milestone({ is_current: true, attachment_count: 0 })} currentUserId={21} />);
    const work = await screen.findByRole('region', { name: 'Evidence of the work' });
    expect(work).toHaveTextContent('No photos or reports of the work yet.');
    expect(calls).toHaveLength(0);
    await userEvent.upload(fileInput(container), pdf());
    // The card's milestone still counts none until the project's list is asked again; the file shows all the same.
    expect(await within(work).findByRole('link', { name: 'inspection.pdf' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.url)).toEqual(['/milestone/5000/attachments']);
  });

  it('asks for the files when the answer does not count them', async () => {
    const { calls } = list([file()]);
    const { attachment_count: _omitted, ...uncounted } = milestone({ is_current: true });
    inApp(<MilestoneFiles milestone={uncounted as MilestoneView} currentUserId={21} />);
    expect(await screen.findByRole('link', { name: 'report.pdf' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('puts each side’s dispute evidence in its own column, and the work done for the administrator', async () => {
    list([
      file({ attachment_id: 'd1', to: 'dispute', dispute_id: 9, name: 'inspection.pdf', by: { user_id: 30, name: 'Jordan Buyer', role: 'buyer' } }),
      file({ attachment_id: 'd2', to: 'dispute', dispute_id: 8, name: 'earlier-dispute.pdf' }),
      file({ attachment_id: 'w1', name: 'after.jpg' }),
    ]);
    inApp(<DisputeEvidence owner={milestoneEvidence(5000)} disputeId={9} open viewer={{ userId: 1, role: 'admin' }} withWork />);
    const buyer = await screen.findByRole('region', { name: 'The buyer’s evidence' });
    const seller = screen.getByRole('region', { name: 'The seller’s evidence' });
    expect(within(buyer).getByText('inspection.pdf').closest('li')).toHaveTextContent('In the dispute · Added by Jordan Buyer (buyer)');
    expect(within(seller).getByText('after.jpg').closest('li')).toHaveTextContent('Evidence of the work · Added by Sam Seller (seller)');
    expect(screen.queryByText('earlier-dispute.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Administrators’ files' })).toHaveTextContent('No administrator has added files.');
    expect(screen.getByRole('button', { name: /Attach a file to the dispute/ })).toBeInTheDocument();
  });

  it('shows a retainage dispute’s evidence from the project, and sends new files there', async () => {
    const retained = (over: Partial<AttachmentView>) =>
      file({ original_id: null, to: 'retainage_dispute', dispute_id: 4, download_url: '/api/job/7/retainage/attachments/r1/file', ...over });
    const { calls } = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/job/7/retainage/attachments')
        return { status: 200, body: [retained({ attachment_id: 'r1', name: 'punch list.pdf', by: { user_id: 30, name: 'Jordan Buyer', role: 'buyer' } })] };
      if (call.method === 'POST') return { status: 201, body: retained({ attachment_id: 'r2', name: 'inspection.pdf' }) };
      return undefined;
    });
    const { container } = inApp(<DisputeEvidence owner={retainageEvidence(7)} disputeId={4} open viewer={{ userId: 21, role: 'seller' }} />);
    const buyer = await screen.findByRole('region', { name: 'The buyer’s evidence' });
    expect(within(buyer).getByRole('link', { name: 'punch list.pdf' })).toHaveAttribute('href', '/api/job/7/retainage/attachments/r1/file');
    await userEvent.upload(fileInput(container), pdf());
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/job/7/retainage/attachments');
    expect(post.params).toEqual({ dispute_id: 4 });
  });

  it('takes no more evidence once the dispute is resolved', async () => {
    list([]);
    inApp(<DisputeEvidence owner={milestoneEvidence(5000)} disputeId={9} open={false} viewer={{ userId: 30, role: 'buyer' }} />);
    expect(await screen.findByRole('region', { name: 'The buyer’s evidence' })).toHaveTextContent('The buyer has added no files.');
    expect(screen.queryByRole('button', { name: /Attach/ })).not.toBeInTheDocument();
  });
});
