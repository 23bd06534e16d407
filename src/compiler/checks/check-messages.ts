// The words of the course checks: what each finding says and how to fix it. Items are named by the
// caller (the panel shows the item's title and place beside the message), so messages speak of "this
// lesson", not of ids.
import { LIMITS } from '#contract/index.ts';

const quote = (text: string) => `“${text}”`;
const number = (value: number) => value.toLocaleString('en-US');

/** What a content-bearing topic type needs (spec 2.4), as the finding says it. */
export const CONTENT_NEEDS: Readonly<Record<string, { message: string; fix: string }>> = {
  text: {
    message: 'This text topic has no body: learners would open an empty page.',
    fix: 'Write its body in the topic details.',
  },
  article: {
    message: 'This article topic has no body and no language version.',
    fix: 'Write its body, or add a language version with a body.',
  },
  video: {
    message: 'This video topic has no video: it needs a video URL or a video ID.',
    fix: 'Set a video URL or a video ID in the topic details.',
  },
  audio: {
    message: 'This audio topic has no audio URL.',
    fix: 'Set the audio URL (MP3, WAV or OGG) in the topic details.',
  },
  shareableContentObject: {
    message: 'This SCORM topic has no package URL.',
    fix: 'Set the SCORM package URL in the topic details.',
  },
  xApiObject: {
    message: 'This xAPI topic has no package URL.',
    fix: 'Set the package URL in the topic details.',
  },
  pdfViewer: {
    message: 'This PDF topic has no PDF URL.',
    fix: 'Set the PDF URL in the topic details.',
  },
  embed: {
    message: 'This embed topic has no frame in its body: an embed shows an <iframe>.',
    fix: 'Paste the embed code (an <iframe>) into its body.',
  },
};

/** What a course of a kind without an outline needs. */
export const COURSE_CONTENT_NEEDS: Readonly<Record<string, { message: string; fix: string }>> = {
  article: {
    message: 'This article has no body: learners would open an empty page.',
    fix: 'Write the article’s body in the course details.',
  },
  video: {
    message: 'This video course has no video: it needs a video URL or a video ID.',
    fix: 'Set a video URL or a video ID in the course details.',
  },
  shareableContentObject: {
    message: 'This SCORM course has no package URL.',
    fix: 'Set the SCORM package URL in the course details.',
  },
};

export const CHECK_MESSAGES = {
  courseWithoutTopics: {
    message: 'The course has no topics: learners who enroll find nothing to open.',
    fix: 'Add at least one topic.',
  },
  emptySection: {
    message: 'This section has no lessons: learners see a heading with nothing under it.',
    fix: 'Add a lesson to it, or move its place to a section that has lessons.',
  },
  emptyLesson: {
    message: 'This lesson has no topics: learners see a lesson with nothing in it.',
    fix: 'Add a topic to it.',
  },
  duplicateTitle: (kind: string, title: string, parent: string) => ({
    message: `Another ${kind} in ${parent} is also called ${quote(title)}: learners cannot tell them apart.`,
    fix: `Give each ${kind} a title of its own.`,
  }),
  topicIsShell: {
    message:
      'This topic is created empty: its content is set up later in the learning platform’s authoring interface.',
    fix: 'Set it up on the platform before publishing, or check that someone has.',
  },
  imageWithoutAlt: (src: string) => ({
    message: `An image has no alt text${src ? ` (${src})` : ''}: screen readers cannot say what it shows.`,
    fix: 'Add alt text that says what the image shows, or alt="" if it is only decoration.',
  }),
  assetWithoutAlt: (which: 'thumbnail' | 'detail image') => ({
    message: `The catalog ${which} has no alt text.`,
    fix: `Fill in the ${which === 'thumbnail' ? 'thumbnail' : 'detail image'}’s alt text in the course details.`,
  }),
  frameWithoutTitle: (src: string) => ({
    message: `An embedded frame has no title${src ? ` (${src})` : ''}: screen readers announce it only as “frame”.`,
    fix: 'Add a title attribute to the <iframe> that says what it shows.',
  }),
  vagueLinkText: (text: string, bareUrl: boolean) => ({
    message: bareUrl
      ? `A link’s text is its bare address (${text}): it is read out letter by letter and says nothing of where it leads.`
      : `A link’s text is ${quote(text)}: out of context it says nothing of where it leads.`,
    fix: 'Make the link text say where it leads (for example “the 2026 price list”).',
  }),
  headingSkipsLevel: (from: number, to: number, text: string) => ({
    message: `A heading jumps from level ${from} to level ${to}${text ? ` (${quote(text)})` : ''}: readers who move by headings miss a level.`,
    fix: `Make it a level ${from + 1} heading, or add the missing level above it.`,
  }),
  descriptionEmpty: {
    message: 'The course has no description: its catalog page says nothing about it.',
    fix: 'Write a description in the course details.',
  },
  descriptionTooLong: (length: number) => ({
    message: `The description has ${number(length)} characters; the limit is ${number(LIMITS.descriptionLength)}.`,
    fix: `Shorten it by ${number(length - LIMITS.descriptionLength)} characters.`,
  }),
  noThumbnail: {
    message: 'The course has no thumbnail: its catalog tile is blank.',
    fix: 'Set a thumbnail image URL (800x385, PNG, JPEG or GIF) in the course details.',
  },
  linkRelative: (url: string) => ({
    message: `The address ${url} is relative: on the learning platform it resolves against the platform’s own pages, so it cannot be checked and may lead nowhere.`,
    fix: 'Write the full address, starting with https://.',
  }),
  linkBroken: (status: number, statusText: string) => ({
    message: `Broken: the server answers ${status}${statusText ? ` ${statusText}` : ''}.`,
    fix: 'Correct the address, or remove the link.',
  }),
  linkRefused: (status: number, statusText: string) => ({
    message: `The server refuses the checker with ${status}${statusText ? ` ${statusText}` : ''}: learners may be asked to sign in, or refused too.`,
    fix: 'Open it as a learner would; if it needs an account, say so next to the link.',
  }),
  linkServerError: (status: number, statusText: string) => ({
    message: `The server answers ${status}${statusText ? ` ${statusText}` : ''}: it is failing, perhaps only for now.`,
    fix: 'Check it again later; if it keeps failing, replace the link.',
  }),
  linkTimeout: (ms: number) => ({
    message: `No answer within ${ms / 1000} s.`,
    fix: 'Check it again later; if it stays silent, replace the link.',
  }),
  linkUnresolved: (host: string) => ({
    message: `The name ${host} does not resolve: the link leads nowhere.`,
    fix: 'Correct the host name, or remove the link.',
  }),
  linkRedirectLoop: (chain: readonly string[]) => ({
    message: `The address redirects in a loop (${chain.join(' → ')}).`,
    fix: 'Link to the page’s final address, or tell the site’s owner.',
  }),
  linkTooManyRedirects: (limit: number) => ({
    message: `The address redirects more than ${limit} times without arriving anywhere.`,
    fix: 'Link to the page’s final address.',
  }),
  linkUnreachable: (reason: string) => ({
    message: `The server cannot be reached (${reason}).`,
    fix: 'Check the address; if it is right, check it again later.',
  }),
  linkInternal: (why: string) => ({
    message: `Not checked (internal address): ${why}.`,
    fix: 'Learners outside your network cannot open it either; link to a public address.',
  }),
} as const;
