package com.burstline.server.run;

import java.util.List;

/** The distinct values stored runs have per name filter, sorted: the choices the filter fields offer. */
public record KnownValues(List<String> sut, List<String> peer, List<String> driver, List<String> instanceType,
                          List<String> tag) {
}
