import Testing

/// Every campus suite that seeds the demo school runs inside this one, one test at a time: a seed is a few
/// hundred writes, and several side by side on PostgreSQL starve the connection pools of the suites of
/// other modules running at the same time.
@Suite(.serialized) enum CampusServerSuites {}
