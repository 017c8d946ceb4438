SELECT q.word,
         EXISTS (SELECT 1 FROM geocode.address_words w WHERE w.word LIKE q.word || '%') AS known,
         c.word AS closest, c.similarity
       FROM unnest($1::text[]) WITH ORDINALITY AS q(word, position)
       LEFT JOIN LATERAL (
         SELECT w.word, similarity(w.word, q.word)::float8 AS similarity
         FROM geocode.address_words w
         WHERE w.word % q.word
         ORDER BY similarity DESC, w.word
         LIMIT 1
       ) c ON true
       ORDER BY q.position
