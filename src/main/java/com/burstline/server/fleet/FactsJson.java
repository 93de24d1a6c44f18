package com.burstline.server.fleet;

import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Facts are stored as the agent's JSON text; this turns them back into a tree, and a broken text into null. */
@Component
class FactsJson {
    private final JsonMapper json = JsonMapper.builder().build();

    String write(JsonNode facts) {
        return facts == null || facts.isNull() ? null : json.writeValueAsString(facts);
    }

    JsonNode read(String text) {
        if (text == null) {
            return null;
        }
        try {
            return json.readTree(text);
        } catch (JacksonException unreadable) {
            return null;
        }
    }
}
