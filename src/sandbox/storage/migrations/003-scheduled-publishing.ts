// The scheduled-publishing pass looks only at pending courses: a partial index keeps it cheap however
// many courses the company holds.
export const migration003 = `
CREATE INDEX courses_pending ON courses(future_publish_date) WHERE status = 'pending';
`;
