/** Cross-cutting pieces: Burstline's settings, generated secrets, problem types and the error responses. */
package com.burstline.server.system;
