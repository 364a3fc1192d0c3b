import styled from 'styled-components';

/** The round × on a photo tile or a picked photo's row. */
export const RemoveButton = styled.button`
  position: absolute;
  top: 6px;
  right: 6px;
  display: grid;
  place-items: center;
  width: 26px;
  height: 26px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: rgb(28 25 23 / 75%);
  color: #fff;
  cursor: pointer;
  &:hover {
    background: var(--danger);
  }
`;
