// What a visitor's report answers (POST /api/reports; built by core/safety/visitor-reports.ts): the report's id, and
// whether it hid the ad at once (decision 044: a report of a possible minor or trafficking does).
import type { Created } from '#shared/contracts/answers.ts';

export interface ReportFiled extends Created {
  hidden: boolean;
}
