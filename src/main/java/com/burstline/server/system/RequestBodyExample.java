package com.burstline.server.system;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a good request body of this controller's calls looks like, said in the 400 that answers an unreadable one:
 * a person fixes a body faster from an example than from a parser's complaint.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface RequestBodyExample {
    String value();
}
