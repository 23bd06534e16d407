// The demo company's catalog, as data: every create kind, both event kinds, every status, templates,
// archived groups, multi-session groups and three learning paths. demo-seed.ts turns it into rows.
import type { CourseGroupKind, Status } from '#contract/index.ts';

export interface DemoGroupSpec {
  title: string;
  kind: CourseGroupKind;
  status: Status;
  tags: readonly string[];
  /** Archived groups: the group is archived and its courses too (spec 3). */
  archived?: boolean;
  isTemplate?: boolean;
  language?: string;
  ribbon?: 'new' | 'bestseller' | 'featured';
  /** Extra sessions besides the first: 'past' ended, 'current' running, 'future' not started. */
  sessions?: readonly ('past' | 'current' | 'future')[];
  sku?: string;
}

export const DEMO_TAGS = [
  'Onboarding',
  'Compliance',
  'Leadership',
  'Sales',
  'Customer Success',
  'Security',
  'Product',
  'Engineering',
  'Wellbeing',
  'Communication',
  'Management',
  'Finance',
  'Diversity & Inclusion',
  'Data',
  'Partners',
] as const;

export const DEMO_AUTHORS = [
  'Maya Okafor',
  'Liam Chen',
  'Sofia Rossi',
  'Noah Schmidt',
  'Amara Diallo',
  'Ethan Walker',
  'Priya Nair',
];

export const DEMO_SOURCES = [
  'Acme Academy',
  'Northwind Partners',
  'People Team',
  'Security Office',
];

const g = (
  title: string,
  kind: CourseGroupKind,
  status: Status,
  tags: readonly string[],
  extra: Partial<DemoGroupSpec> = {},
): DemoGroupSpec => ({ title, kind, status, tags, ...extra });

export const DEMO_GROUPS: readonly DemoGroupSpec[] = [
  // Multi-section courses.
  g(
    'Foundations of Customer Success',
    'courseGroup',
    'published',
    ['Customer Success', 'Onboarding'],
    { ribbon: 'bestseller', sku: 'CS-101' },
  ),
  g('Leading Remote Teams', 'courseGroup', 'published', ['Leadership', 'Management'], {
    ribbon: 'featured',
  }),
  g('Data Privacy Essentials', 'courseGroup', 'published', ['Compliance', 'Security', 'Data'], {
    sku: 'PRIV-100',
  }),
  g('Workplace Safety Certification', 'courseGroup', 'published', ['Compliance', 'Wellbeing'], {
    sessions: ['past', 'future'],
    sku: 'SAFE-200',
  }),
  g('Advanced Negotiation', 'courseGroup', 'draft', ['Sales', 'Communication']),
  g('Project Management Fundamentals', 'courseGroup', 'published', ['Management'], {
    sessions: ['current'],
    sku: 'PM-110',
  }),
  g('Financial Literacy for Managers', 'courseGroup', 'authoring', ['Finance', 'Management']),
  g(
    'Inclusive Hiring Practices',
    'courseGroup',
    'published',
    ['Diversity & Inclusion', 'Management'],
    { ribbon: 'new' },
  ),
  g('Introduction to SQL', 'courseGroup', 'published', ['Data', 'Engineering'], {
    ribbon: 'bestseller',
    sku: 'SQL-101',
  }),
  g('Design Thinking Workshop', 'courseGroup', 'pending', ['Product'], { sessions: ['future'] }),
  g('Cybersecurity Awareness 2026', 'courseGroup', 'loginRestriction', ['Security', 'Compliance']),
  g('Sales Enablement Bootcamp', 'courseGroup', 'published', ['Sales', 'Onboarding'], {
    sku: 'SALES-150',
  }),
  g(
    'Effective Feedback Conversations',
    'courseGroup',
    'published',
    ['Communication', 'Leadership'],
    { language: 'fr' },
  ),
  g('Product Onboarding for Partners', 'courseGroup', 'published', [
    'Partners',
    'Product',
    'Onboarding',
  ]),
  g('Agile Coaching Essentials', 'courseGroup', 'draft', ['Engineering', 'Management']),
  g('Public Speaking Mastery', 'courseGroup', 'archived', ['Communication'], { archived: true }),
  g('Legacy CRM Training', 'courseGroup', 'deleted', ['Sales']),
  // Templates (authoring starting points, never sold).
  g('Template: Standard Onboarding Course', 'courseGroup', 'draft', ['Onboarding'], {
    isTemplate: true,
  }),
  g('Template: Compliance Module', 'courseGroup', 'draft', ['Compliance'], { isTemplate: true }),
  g('Template: Product Training', 'courseGroup', 'draft', ['Product'], { isTemplate: true }),
  // Micro courses.
  g('5-Minute Email Etiquette', 'microCourse', 'published', ['Communication'], { ribbon: 'new' }),
  g('Quick Guide to Expense Reports', 'microCourse', 'published', ['Finance']),
  g('Time Blocking in Practice', 'microCourse', 'draft', ['Wellbeing']),
  g('Phishing Spotter Drill', 'microCourse', 'archived', ['Security'], { archived: true }),
  g('Coffee Chat Networking', 'microCourse', 'published', ['Communication', 'Onboarding'], {
    language: 'es',
  }),
  g('Writing Clear Tickets', 'microCourse', 'pending', ['Engineering']),
  g('Meeting Notes That Matter', 'microCourse', 'published', ['Communication']),
  g('Accessibility Quick Wins', 'microCourse', 'authoring', ['Product', 'Diversity & Inclusion']),
  // Articles.
  g("What's New in the Partner Portal", 'article', 'published', ['Partners', 'Product'], {
    ribbon: 'new',
  }),
  g('Our Code of Conduct', 'article', 'published', ['Compliance', 'Onboarding']),
  g('Remote Work Policy Explained', 'article', 'published', ['Wellbeing'], { language: 'de' }),
  g('Holiday Schedule and Time Off', 'article', 'archived', ['Wellbeing'], { archived: true }),
  g('Brand Voice Guidelines', 'article', 'draft', ['Communication', 'Product']),
  g('Security Incident Reporting', 'article', 'loginRestriction', ['Security']),
  g('Annual Benefits Overview', 'article', 'pending', ['Finance', 'Wellbeing']),
  // Videos.
  g('CEO Town Hall Recording', 'video', 'published', ['Leadership']),
  g('Product Demo: Analytics Dashboard', 'video', 'published', ['Product', 'Data'], {
    ribbon: 'featured',
  }),
  g('Ergonomics at Your Desk', 'video', 'published', ['Wellbeing']),
  g('Customer Story: Northwind Traders', 'video', 'draft', ['Customer Success', 'Sales']),
  g('Conflict De-escalation Role Play', 'video', 'authoring', ['Communication']),
  g('Welcome to Acme', 'video', 'published', ['Onboarding'], { ribbon: 'bestseller' }),
  // SCORM packages.
  g(
    'Anti-Harassment Training',
    'shareableContentObject',
    'published',
    ['Compliance', 'Diversity & Inclusion'],
    { sku: 'COMP-300' },
  ),
  g('Fire Warden Certification', 'shareableContentObject', 'published', [
    'Compliance',
    'Wellbeing',
  ]),
  g('Export Controls Compliance', 'shareableContentObject', 'draft', ['Compliance', 'Finance']),
  g('Forklift Operator Refresher', 'shareableContentObject', 'archived', ['Compliance'], {
    archived: true,
  }),
  g('GDPR for Support Teams', 'shareableContentObject', 'published', [
    'Compliance',
    'Customer Success',
    'Data',
  ]),
  // Events (created by the bulk imports on the real platform).
  g('Live Q&A: Quarterly Roadmap', 'webinar', 'published', ['Product'], {
    sessions: ['past', 'future'],
  }),
  g('Webinar: Scaling Support Operations', 'webinar', 'published', ['Customer Success'], {
    sessions: ['future'],
  }),
  g('Office Hours with the Data Team', 'webinar', 'draft', ['Data', 'Engineering']),
  g('Leadership Offsite Berlin', 'inPersonEvent', 'published', ['Leadership'], { language: 'de' }),
  g('First Aid Workshop', 'inPersonEvent', 'published', ['Wellbeing', 'Compliance'], {
    sessions: ['past', 'current'],
  }),
  g('Sales Kickoff 2027', 'inPersonEvent', 'pending', ['Sales']),
];

export interface DemoLearningPathSpec {
  title: string;
  sku: string;
  status: Status;
  description: string;
  milestones: readonly { title: string; courses: readonly string[] }[];
}

/** Milestone courses are named by their group's title (the group's display course is used). */
export const DEMO_LEARNING_PATHS: readonly DemoLearningPathSpec[] = [
  {
    title: 'New Manager Path',
    sku: 'LP-MGR-101',
    status: 'published',
    description: 'Everything a first-time manager needs in their first ninety days.',
    milestones: [
      { title: 'Week 1: Getting started', courses: ['Welcome to Acme', 'Our Code of Conduct'] },
      {
        title: 'Month 1: Leading people',
        courses: ['Leading Remote Teams', 'Effective Feedback Conversations'],
      },
      {
        title: 'Month 3: Running the team',
        courses: ['Project Management Fundamentals', 'Financial Literacy for Managers'],
      },
    ],
  },
  {
    title: 'Security Champion Path',
    sku: 'LP-SEC-200',
    status: 'published',
    description: 'Become the security go-to person on your team.',
    milestones: [
      { title: 'Awareness', courses: ['Cybersecurity Awareness 2026', 'Phishing Spotter Drill'] },
      { title: 'Privacy', courses: ['Data Privacy Essentials', 'GDPR for Support Teams'] },
    ],
  },
  {
    title: 'Sales Ramp Path',
    sku: 'LP-SALES-100',
    status: 'draft',
    description: 'From first day to first deal.',
    milestones: [
      { title: 'Foundations', courses: ['Sales Enablement Bootcamp'] },
      {
        title: 'Customer conversations',
        courses: ['Advanced Negotiation', 'Customer Story: Northwind Traders'],
      },
      { title: 'Product depth', courses: ['Product Demo: Analytics Dashboard'] },
      { title: 'Kickoff', courses: ['Sales Kickoff 2027'] },
    ],
  },
];

export const DEMO_CERTIFICATE_TEMPLATES = [
  {
    name: 'Certificate of Completion',
    orientation: 'landscape',
    courses: ['Foundations of Customer Success', 'Introduction to SQL'],
  },
  {
    name: 'Compliance Certificate',
    orientation: 'portrait',
    courses: ['Anti-Harassment Training', 'Fire Warden Certification', 'Data Privacy Essentials'],
  },
  {
    name: 'Leadership Program Diploma',
    orientation: 'landscape',
    courses: ['Leading Remote Teams'],
  },
] as const;
