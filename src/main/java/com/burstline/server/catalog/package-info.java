/** The instance catalog: each EC2 type's burst limit and baseline, shipped as data. */
package com.burstline.server.catalog;
