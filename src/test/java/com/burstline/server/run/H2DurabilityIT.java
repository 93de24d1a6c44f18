package com.burstline.server.run;

import java.util.List;

/** The embedded default: H2 on disk in the data dir, exactly as the server starts without any setting. */
class H2DurabilityIT extends DurabilityBehaviour {
    @Override
    List<String> databaseArguments() {
        return List.of();
    }
}
