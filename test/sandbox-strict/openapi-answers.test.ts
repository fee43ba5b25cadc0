/** The strict sandbox's answers, both generations, every route and its errors, against its OpenAPI documents. */
import { describeAnswers } from '../sandbox/openapiAnswers';

describeAnswers(true);
