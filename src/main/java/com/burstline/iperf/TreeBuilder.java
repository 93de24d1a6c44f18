package com.burstline.iperf;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds, from tokens another pass reads anyway (Iperf3Plausibility's), the tree {@code readTree} would read from
 * them: the same node types, a repeated key's last value in the first one's place. Only one root object counts as a
 * tree, so anything else is left to the parser to read and describe.
 */
final class TreeBuilder {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private JsonNode root;
    private boolean single = true;

    /** @param parent the open object or array, null at the root; @param key the property name in an object */
    JsonNode opened(JsonNode parent, String key, JsonToken token) {
        JsonNode node = token == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
        attach(parent, key, node);
        return node;
    }

    /** Called before anything else reads the value, so the parser's number type is still the one it found. */
    void value(JsonNode parent, String key, JsonParser parser, JsonToken token) {
        attach(parent, key, switch (token) {
            case VALUE_STRING -> NODES.stringNode(parser.getString());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE, VALUE_FALSE -> NODES.booleanNode(token == JsonToken.VALUE_TRUE);
            case VALUE_NULL -> NODES.nullNode();
            default -> NODES.pojoNode(parser.getEmbeddedObject()); // JSON text has none
        });
    }

    private void attach(JsonNode parent, String key, JsonNode node) {
        if (parent == null) {
            single = root == null;
            root = node;
        } else if (parent instanceof ObjectNode object) {
            object.set(key, node);
        } else {
            ((ArrayNode) parent).add(node);
        }
    }

    /** @return the root object, or null when the tokens held no object or more than one root value */
    ObjectNode root() {
        return single && root instanceof ObjectNode object ? object : null;
    }
}
