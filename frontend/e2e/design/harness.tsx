import '../../src/design/tokens.css';
import '../../src/styles/global.css';
import './harness.css';

import {
  CaretDownOutlined,
  CaretUpOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  EyeInvisibleOutlined,
  EyeOutlined,
  InboxOutlined,
  InfoCircleFilled,
  LoadingOutlined,
  LockFilled,
} from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Skeleton, Spin, Table, Tabs, Tag } from 'antd';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';

import { CloseCircleFilledIcon, CloseOutlinedIcon, InfoCircleFilledIcon } from '../../src/components/alert-icons';
import { EyeInvisibleOutlinedIcon, EyeOutlinedIcon } from '../../src/components/form-icons';
import { CheckCircleFilledIcon, ExclamationCircleFilledIcon, InboxOutlinedIcon, LockFilledIcon } from '../../src/components/icons';
import { LightButton, LightButtonLink } from '../../src/components/LightButton';
import { LightFormItem, LightInput, LightPassword } from '../../src/components/LightForm';
import { type LightColumn, LightTable } from '../../src/components/LightTable';
import { LightTabs } from '../../src/components/LightTabs';
import { LightTag, type TagColour } from '../../src/components/LightTag';
import { LoadingOutlinedIcon } from '../../src/components/loading-icon';
import { Notice, type NoticeTone } from '../../src/components/Notice';
import { CaretDownOutlinedIcon, CaretUpOutlinedIcon } from '../../src/components/sort-icons';
import { Spinner } from '../../src/components/Spinner';
import { ThemeProvider } from '../../src/components/ThemeProvider';
import { tagCustom } from '../../src/design/tokens';

/**
 * Each light component (src/components) beside its antd twin under our theme, in each state that
 * e2e/design/design-system.spec.ts compares: a row per pair, `data-pair` its name, `data-states`
 * the states to compare beyond the default (hover, focus, active), `data-target` the element to
 * act on and compare (a selector inside each side's box), `data-shot` what to photograph ("box":
 * the padded box around the component, so focus rings and shadows are in; "target": the element).
 */
type State = 'hover' | 'focus' | 'active';

function Pair({
  id,
  light,
  antd,
  states = [],
  target,
  shot,
  width,
  shape = 'same',
}: {
  id: string;
  light: ReactNode;
  antd: ReactNode;
  states?: State[];
  target?: { light: string; antd: string };
  /** What to photograph on each side; the padded box around the component by default (focus rings and shadows included). */
  shot?: { light: string; antd: string };
  width?: number;
  /**
   * `composite`: the two targets are different kinds of element (antd's tab is a div inside its
   * tab): compare colours and fonts, not box sizes. `textless`: nothing to read (a skeleton): compare
   * its box, not the text styles it inherits.
   */
  shape?: 'same' | 'composite' | 'textless';
}) {
  const box = (side: 'light' | 'antd', children: ReactNode) => (
    <div data-side={side}>
      <div className={width ? 'shot shot--block' : 'shot'} style={width ? { width } : undefined}>
        {children}
      </div>
    </div>
  );
  return (
    <section
      className="pair"
      data-pair={id}
      data-states={states.join(' ')}
      data-target-light={target?.light ?? ':scope > *'}
      data-target-antd={target?.antd ?? ':scope > .ant-app > *'}
      data-shot-light={shot?.light ?? ''}
      data-shot-antd={shot?.antd ?? ''}
      data-shape={shape}
    >
      <h2>{id}</h2>
      {box('light', light)}
      {box(
        'antd',
        // antd's screens sit in ThemeProvider's App box (antd's text, 14px); the light side stands in the bare page.
        <ThemeProvider>{antd}</ThemeProvider>,
      )}
    </section>
  );
}

const BUTTON_STATES: State[] = ['hover', 'focus', 'active'];

function Buttons() {
  return (
    <>
      <Pair id="button-default" states={BUTTON_STATES} light={<LightButton>Open</LightButton>} antd={<Button>Open</Button>} />
      <Pair
        id="button-primary"
        states={BUTTON_STATES}
        light={<LightButton variant="primary">Approve Original</LightButton>}
        antd={<Button type="primary">Approve Original</Button>}
      />
      <Pair id="button-danger" states={BUTTON_STATES} light={<LightButton danger>Discard</LightButton>} antd={<Button danger>Discard</Button>} />
      <Pair
        id="button-primary-danger"
        states={BUTTON_STATES}
        light={
          <LightButton variant="primary" danger>
            Remove
          </LightButton>
        }
        antd={
          <Button type="primary" danger>
            Remove
          </Button>
        }
      />
      <Pair
        id="button-link"
        states={BUTTON_STATES}
        light={<LightButton variant="link">Show history</LightButton>}
        antd={<Button type="link">Show history</Button>}
      />
      <Pair
        id="button-link-danger"
        states={['hover']}
        light={
          <LightButton variant="link" danger>
            Remove
          </LightButton>
        }
        antd={
          <Button type="link" danger>
            Remove
          </Button>
        }
      />
      <Pair id="button-disabled" light={<LightButton disabled>Deposit</LightButton>} antd={<Button disabled>Deposit</Button>} />
      <Pair
        id="button-primary-disabled"
        light={
          <LightButton variant="primary" disabled>
            Deposit
          </LightButton>
        }
        antd={
          <Button type="primary" disabled>
            Deposit
          </Button>
        }
      />
      <Pair
        id="button-link-disabled"
        light={
          <LightButton variant="link" disabled>
            Show history
          </LightButton>
        }
        antd={
          <Button type="link" disabled>
            Show history
          </Button>
        }
      />
      <Pair
        id="button-small"
        states={['hover', 'focus']}
        light={<LightButton size="small">Undo change</LightButton>}
        antd={<Button size="small">Undo change</Button>}
      />
      <Pair
        id="button-small-primary"
        states={['hover']}
        light={
          <LightButton variant="primary" size="small">
            Resume
          </LightButton>
        }
        antd={
          <Button type="primary" size="small">
            Resume
          </Button>
        }
      />
      <Pair
        id="button-small-danger"
        light={
          <LightButton danger size="small">
            Discard
          </LightButton>
        }
        antd={
          <Button danger size="small">
            Discard
          </Button>
        }
      />
      <Pair
        id="button-large-primary"
        states={['hover', 'focus']}
        light={
          <LightButton variant="primary" size="large">
            Start a project
          </LightButton>
        }
        antd={
          <Button type="primary" size="large">
            Start a project
          </Button>
        }
      />
      <Pair
        id="button-large"
        states={['hover']}
        light={<LightButton size="large">How escrow works</LightButton>}
        antd={<Button size="large">How escrow works</Button>}
      />
      <Pair id="button-loading" light={<LightButton loading>Saving</LightButton>} antd={<Button loading>Saving</Button>} />
      <Pair
        id="button-primary-loading"
        light={
          <LightButton variant="primary" loading>
            Log in
          </LightButton>
        }
        antd={
          <Button type="primary" loading>
            Log in
          </Button>
        }
      />
      <Pair
        id="button-block"
        width={320}
        light={
          <LightButton variant="primary" block>
            Log in
          </LightButton>
        }
        antd={
          <Button type="primary" block>
            Log in
          </Button>
        }
      />
      <Pair
        id="button-as-link"
        states={['hover', 'focus']}
        light={
          <LightButtonLink variant="primary" to="/portal/new-project/customer">
            New project as owner
          </LightButtonLink>
        }
        antd={
          <Button type="primary" href="#/portal/new-project/customer">
            New project as owner
          </Button>
        }
      />
    </>
  );
}

const TAGS: (TagColour | undefined)[] = [undefined, 'green', 'red', 'gold', 'blue', 'geekblue', 'purple', 'cyan', 'orange', 'volcano', 'magenta', 'dark'];

function Tags() {
  return (
    <>
      {TAGS.map((colour) => (
        <Pair
          key={colour ?? 'default'}
          id={`tag-${colour ?? 'default'}`}
          light={<LightTag colour={colour}>APPROVED MILESTONE</LightTag>}
          antd={<Tag color={colour === 'dark' ? tagCustom.dark : colour}>APPROVED MILESTONE</Tag>}
        />
      ))}
    </>
  );
}

const TONES: [NoticeTone, 'error' | 'warning' | 'success' | 'info', ReactNode][] = [
  ['danger', 'error', <CloseCircleFilledIcon key="i" />],
  ['warning', 'warning', <ExclamationCircleFilledIcon key="i" />],
  ['success', 'success', <CheckCircleFilledIcon key="i" />],
  ['info', 'info', <InfoCircleFilledIcon key="i" />],
];

/** An alert's own box: Notice keeps a margin around it, antd's Alert none. */
const ALERT = { light: '.el-alert', antd: '.ant-alert' };

function Alerts() {
  const noop = () => undefined;
  return (
    <>
      {TONES.map(([tone, type]) => (
        <Pair
          key={tone}
          id={`alert-${type}`}
          width={420}
          shot={ALERT}
          light={<Notice tone={tone}>This project is still a draft.</Notice>}
          antd={<Alert type={type} title="This project is still a draft." />}
        />
      ))}
      {TONES.map(([tone, type, icon]) => (
        <Pair
          key={tone}
          id={`alert-${type}-icon`}
          width={420}
          shot={ALERT}
          light={
            <Notice tone={tone} icon={icon}>
              This project is still a draft.
            </Notice>
          }
          antd={<Alert type={type} showIcon title="This project is still a draft." />}
        />
      ))}
      <Pair
        id="alert-warning-described"
        width={420}
        shot={ALERT}
        light={
          <Notice tone="warning" title="Payout account changed">
            Payouts wait until another user of your company confirms.
          </Notice>
        }
        antd={<Alert type="warning" title="Payout account changed" description="Payouts wait until another user of your company confirms." />}
      />
      <Pair
        id="alert-error-described-icon"
        width={420}
        shot={ALERT}
        light={
          <Notice tone="danger" icon={<CloseCircleFilledIcon />} title="We could not load this contractor.">
            Network Error
          </Notice>
        }
        antd={<Alert type="error" showIcon title="We could not load this contractor." description="Network Error" />}
      />
      <Pair
        id="alert-closable"
        width={420}
        shot={ALERT}
        shape="composite"
        states={['hover', 'focus']}
        target={{ light: 'button', antd: 'button' }}
        light={
          <Notice tone="warning" onClose={noop}>
            No contractor matches that search.
          </Notice>
        }
        antd={<Alert type="warning" closable={{ onClose: noop, 'aria-label': 'Dismiss' }} title="No contractor matches that search." />}
      />
      <Pair
        id="alert-action"
        width={420}
        shot={ALERT}
        light={
          <Notice tone="warning" icon={<ExclamationCircleFilledIcon />} action={<a href="#draft">Resume the draft</a>}>
            This project is still a draft.
          </Notice>
        }
        antd={<Alert type="warning" showIcon action={<a href="#draft">Resume the draft</a>} title="This project is still a draft." />}
      />
    </>
  );
}

function Spinners() {
  return (
    <>
      {(['small', 'middle', 'large'] as const).map((size) => (
        <Pair
          key={size}
          id={`spin-${size}`}
          target={{ light: '.el-spin', antd: '.ant-spin' }}
          shot={{ light: '.el-spin', antd: '.ant-spin' }}
          light={<Spinner size={size} />}
          antd={<Spin size={size === 'middle' ? 'medium' : size} />}
        />
      ))}
      <Pair
        id="skeleton-button"
        target={{ light: '.el-skeleton-button', antd: '.ant-skeleton-button' }}
        shot={{ light: '.el-skeleton-button', antd: '.ant-skeleton-button' }}
        shape="textless"
        light={<span className="el-skeleton-button" aria-hidden="true" />}
        antd={<Skeleton.Button active />}
      />
    </>
  );
}

const TAB_ITEMS = ['Milestones', 'Retainage', 'History'].map((label) => ({ key: label, label, children: <p>{label} of the project.</p> }));

function TabsPairs() {
  return (
    <Pair
      id="tabs"
      width={420}
      shape="composite"
      shot={{ light: '.el-tabs__list', antd: '.ant-tabs-nav' }}
      states={['hover', 'focus']}
      target={{ light: '[role=tab] >> nth=1', antd: '[role=tab] >> nth=1' }}
      light={<LightTabs label="Project" items={TAB_ITEMS} />}
      antd={<Tabs items={TAB_ITEMS} />}
    />
  );
}

interface Row {
  id: number;
  project: string;
  held: string;
  status: string;
}
const ROWS: Row[] = [
  { id: 1, project: 'Kitchen remodel', held: '$4,200.00', status: 'Funded' },
  { id: 2, project: 'Roof', held: '$900.00', status: 'Draft' },
];
const LIGHT_COLUMNS: LightColumn<Row>[] = [
  { title: 'Project', dataIndex: 'project' },
  { title: 'Held', dataIndex: 'held', align: 'right' },
  { title: 'Status', dataIndex: 'status' },
];
const ANTD_COLUMNS = [
  { title: 'Project', dataIndex: 'project', rowScope: 'row' as const },
  { title: 'Held', dataIndex: 'held', align: 'right' as const },
  { title: 'Status', dataIndex: 'status' },
];
const TABLE = { light: 'table', antd: 'table' };
const byProject = (a: Row, b: Row) => a.project.localeCompare(b.project);

function Tables() {
  return (
    <>
      <Pair
        id="table"
        width={520}
        shape="composite"
        states={['hover']}
        target={{ light: 'tbody tr >> nth=0', antd: 'tbody tr >> nth=0' }}
        light={<LightTable label="Projects" rowKey="id" rows={ROWS} columns={LIGHT_COLUMNS} />}
        antd={<Table aria-label="Projects" rowKey="id" dataSource={ROWS} columns={ANTD_COLUMNS} pagination={false} />}
      />
      <Pair
        id="table-small"
        width={520}
        target={TABLE}
        light={<LightTable label="Projects" rowKey="id" rows={ROWS} columns={LIGHT_COLUMNS} size="small" />}
        antd={<Table aria-label="Projects" rowKey="id" dataSource={ROWS} columns={ANTD_COLUMNS} pagination={false} size="small" />}
      />
      <Pair
        id="table-sorted"
        width={520}
        target={TABLE}
        light={
          <LightTable
            label="Projects"
            rowKey="id"
            rows={ROWS}
            columns={[{ ...LIGHT_COLUMNS[0]!, sorter: byProject, defaultSortOrder: 'ascend' }, LIGHT_COLUMNS[1]!, { ...LIGHT_COLUMNS[2]!, sorter: byProject }]}
          />
        }
        antd={
          <Table
            aria-label="Projects"
            rowKey="id"
            dataSource={ROWS}
            columns={[{ ...ANTD_COLUMNS[0]!, sorter: byProject, defaultSortOrder: 'ascend' }, ANTD_COLUMNS[1]!, { ...ANTD_COLUMNS[2]!, sorter: byProject }]}
            pagination={false}
            showSorterTooltip={false}
          />
        }
      />
    </>
  );
}

function FormPairs() {
  return (
    <>
      <Pair
        id="form-input"
        width={360}
        states={['hover', 'focus']}
        target={{ light: 'input', antd: 'input' }}
        light={
          <LightFormItem id="l-email" label="Email">
            <LightInput id="l-email" type="email" defaultValue="buyer@example.com" />
          </LightFormItem>
        }
        antd={
          <Form layout="vertical" requiredMark={false}>
            <Form.Item label="Email" htmlFor="a-email">
              <Input id="a-email" type="email" defaultValue="buyer@example.com" />
            </Form.Item>
          </Form>
        }
      />
      <Pair
        id="form-input-error"
        width={360}
        states={['hover', 'focus']}
        target={{ light: 'input', antd: 'input' }}
        light={
          <LightFormItem id="l-email-2" label="Email" error="Please enter your email address.">
            <LightInput id="l-email-2" type="email" invalid />
          </LightFormItem>
        }
        antd={
          <Form layout="vertical" requiredMark={false}>
            <Form.Item label="Email" htmlFor="a-email-2" validateStatus="error" help="Please enter your email address.">
              <Input id="a-email-2" type="email" />
            </Form.Item>
          </Form>
        }
      />
      <Pair
        id="form-password"
        width={360}
        states={['hover', 'focus']}
        target={{ light: 'input', antd: 'input' }}
        light={
          <LightFormItem id="l-password" label="Password">
            <LightPassword id="l-password" defaultValue="correct horse" />
          </LightFormItem>
        }
        antd={
          <Form layout="vertical" requiredMark={false}>
            <Form.Item label="Password" htmlFor="a-password">
              <Input.Password id="a-password" defaultValue="correct horse" />
            </Form.Item>
          </Form>
        }
      />
      <Pair
        id="field-native-input"
        width={360}
        states={['hover', 'focus']}
        target={{ light: 'input', antd: 'input' }}
        shot={{ light: 'input', antd: 'input' }}
        light={
          <label className="el-field">
            City
            <input defaultValue="Springfield" />
          </label>
        }
        antd={<Input aria-label="City" defaultValue="Springfield" />}
      />
    </>
  );
}

const ICONS: [string, ReactNode, ReactNode][] = [
  ['lock', <LockFilledIcon key="l" />, <LockFilled key="a" />],
  ['check-circle', <CheckCircleFilledIcon key="l" />, <CheckCircleFilled key="a" />],
  ['exclamation-circle', <ExclamationCircleFilledIcon key="l" />, <ExclamationCircleFilled key="a" />],
  ['info-circle', <InfoCircleFilledIcon key="l" />, <InfoCircleFilled key="a" />],
  ['close-circle', <CloseCircleFilledIcon key="l" />, <CloseCircleFilled key="a" />],
  ['close', <CloseOutlinedIcon key="l" />, <CloseOutlined key="a" />],
  ['inbox', <InboxOutlinedIcon key="l" />, <InboxOutlined key="a" />],
  ['eye', <EyeOutlinedIcon key="l" />, <EyeOutlined key="a" />],
  ['eye-invisible', <EyeInvisibleOutlinedIcon key="l" />, <EyeInvisibleOutlined key="a" />],
  ['loading', <LoadingOutlinedIcon key="l" />, <LoadingOutlined key="a" spin />],
  ['caret-up', <CaretUpOutlinedIcon key="l" />, <CaretUpOutlined key="a" />],
  ['caret-down', <CaretDownOutlinedIcon key="l" />, <CaretDownOutlined key="a" />],
];

function Icons() {
  return (
    <>
      {ICONS.map(([name, light, antd]) => (
        <Pair key={name} id={`icon-${name}`} light={<span className="icon-sample">{light}</span>} antd={<span className="icon-sample">{antd}</span>} />
      ))}
    </>
  );
}

function Cards() {
  return (
    <Pair
      id="card"
      width={420}
      shot={{ light: '.el-card', antd: '.ant-card' }}
      target={{ light: '.el-card', antd: '.ant-card' }}
      light={
        <section className="el-card">
          <div className="el-card__head">
            <h2 className="el-card__title">New milestone</h2>
          </div>
          <div className="el-card__body">Title, completion criteria and amount.</div>
        </section>
      }
      antd={
        <Card title="New milestone" styles={{ title: { margin: 0 } }}>
          Title, completion criteria and amount.
        </Card>
      }
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MemoryRouter>
      <main>
        <Buttons />
        <Tags />
        <Alerts />
        <Spinners />
        <TabsPairs />
        <Tables />
        <FormPairs />
        <Icons />
        <Cards />
      </main>
    </MemoryRouter>
  </StrictMode>,
);
