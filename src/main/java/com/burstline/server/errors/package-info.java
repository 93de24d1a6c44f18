/**
 * Every domain exception's answer, in one table ({@link ErrorTable}) and one advice ({@link ErrorAnswers}): the API
 * gets RFC 9457 problem details, a page the site's error page. Features throw; only this package knows the statuses.
 */
package com.burstline.server.errors;
